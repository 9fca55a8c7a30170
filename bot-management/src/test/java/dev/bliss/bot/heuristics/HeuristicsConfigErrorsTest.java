package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import org.junit.jupiter.api.Test;

/** A bad heuristics file is refused with the file, line, column and key of the mistake. */
class HeuristicsConfigErrorsTest {

    @Test
    void shouldReportADuplicateDetectionIdAtTheSecondRule() {
        ConfigException e = error("""
                rules:
                  - id: 7
                    category: one
                    patterns: [a]
                  - id: 7
                    category: two
                    patterns: [b]
                """);
        assertAt(e, 5, 9, "rules[1].id");
        assertTrue(e.reason().contains("already used by rules[0] (h.yaml:2:5)"), e.getMessage());
    }

    @Test
    void shouldReportAnUnknownKeyOfARule() {
        ConfigException e = error("""
                rules:
                  - id: 1
                    category: tools
                    paterns: [curl]
                """);
        assertAt(e, 4, 5, "rules[0].paterns");
        assertTrue(e.reason().startsWith("unknown key"), e.getMessage());
    }

    @Test
    void shouldReportAnUnknownTopLevelKey() {
        assertAt(error("rules: []\nstatic_resource: {}\n"), 2, 1, "static_resource");
    }

    @Test
    void shouldReportANonAsciiPatternAtItsItem() {
        ConfigException e = error("""
                rules:
                  - id: 1
                    category: tools
                    patterns: [curl, "b\u00f6t"]
                """);
        assertAt(e, 4, 22, "rules[0].patterns[1]");
        assertTrue(e.reason().contains("printable ASCII"), e.getMessage());
    }

    @Test
    void shouldReportAnUnknownCheck() {
        ConfigException e = error("""
                rules:
                  - id: 1
                    category: shape
                    check: no_mozila_token
                """);
        assertAt(e, 4, 12, "rules[0].check");
        assertTrue(e.reason().contains("no_mozilla_token"), "lists the known checks: " + e.getMessage());
    }

    @Test
    void shouldReportARuleWithBothPatternsAndACheck() {
        assertAt(error("""
                rules:
                  - id: 1
                    category: shape
                    check: missing_user_agent
                    patterns: [x]
                """), 5, 15, "rules[0].patterns");
    }

    @Test
    void shouldReportARuleWithNeitherPatternsNorACheck() {
        assertAt(error("""
                rules:
                  - id: 1
                    category: shape
                """), 2, 5, "rules[0]");
    }

    @Test
    void shouldReportAMissingIdAndABadCategory() {
        assertAt(error("rules:\n  - category: x\n    patterns: [a]\n"), 2, 5, "rules[0].id");
        assertAt(error("rules:\n  - id: 1\n    category: HTTP Library\n    patterns: [a]\n"), 3, 15, "rules[0].category");
        assertAt(error("rules:\n  - id: 0\n    category: x\n    patterns: [a]\n"), 2, 9, "rules[0].id");
    }

    @Test
    void shouldReportABadOrRepeatedExtension() {
        assertAt(error("rules: []\nstatic_resources:\n  extensions: [css, .js]\n"), 3, 21, "static_resources.extensions[1]");
        assertAt(error("rules: []\nstatic_resources:\n  extensions: [css, CSS]\n"), 3, 21, "static_resources.extensions[1]");
    }

    @Test
    void shouldReportAMissingRulesKey() {
        assertAt(error("static_resources: {extensions: [css]}\n"), 1, 1, "rules");
    }

    @Test
    void shouldKeepTheIdOfADisabledRuleReserved() throws Exception {
        assertAt(error("""
                rules:
                  - id: 3
                    category: a
                    patterns: [a]
                    enabled: false
                  - id: 3
                    category: b
                    patterns: [b]
                """), 6, 9, "rules[1].id");
        HeuristicsConfig loaded = load("rules:\n  - id: 3\n    category: a\n    patterns: [a]\n    enabled: false\n");
        assertEquals(0, loaded.userAgents().rules().size());
    }

    private static HeuristicsConfig load(String yaml) throws ConfigException {
        return HeuristicsConfig.load(ConfigSection.root(YamlConfigReader.parse("h.yaml", yaml)));
    }

    private static ConfigException error(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml));
    }

    private static void assertAt(ConfigException e, int line, int column, String key) {
        assertEquals("h.yaml", e.position().file(), e.getMessage());
        assertEquals(line, e.position().line(), e.getMessage());
        assertEquals(column, e.position().column(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
    }
}

package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading rules.yaml from real files: what loads, and every error with its position. */
class RulesFileTest {

    @TempDir
    Path dir;

    private final TestFixture fixture = new TestFixture();

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("rules.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private RulesException failure(String yaml) throws IOException {
        Path file = write(yaml);
        return assertThrows(RulesException.class, () -> RuleSet.load(file, fixture.scheme));
    }

    @Test
    void shouldLoadRulesInOrderWithTheirParameters() throws Exception {
        RuleSet set = RuleSet.load(write("""
                rules:
                  - id: block-scripts
                    description: Scripted clients
                    expression: bot.score lt 30 and not bot.verified
                    action: block
                    status: 429
                    content_type: text/html
                    body: "<h1>no</h1>"
                  - id: off
                    expression: ssl
                    action: block
                    enabled: false
                  - id: log-all
                    expression: |
                      http.request.method eq "GET"
                      or http.request.method eq "POST"
                    action: log
                """), fixture.scheme);
        assertEquals(2, set.rules().size());
        Rule block = set.rules().get(0);
        assertEquals("block-scripts", block.id());
        assertEquals("Scripted clients", block.description());
        assertEquals(Action.BLOCK, block.action());
        assertEquals(429, block.response().status());
        assertEquals("text/html", block.response().contentType());
        assertEquals("<h1>no</h1>", block.response().body());
        assertEquals(2, block.position().line());
        assertEquals("log-all", set.rules().get(1).id());
        assertEquals(1, set.rules().get(1).index());
        assertNull(set.rule("off"));
    }

    @Test
    void shouldReportAnExpressionErrorWithFilePositionRuleIdAndCarets() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: ok
                    expression: ssl
                    action: log
                  - id: block-scripts
                    expression: bot.score lt 30 and not bot.verifed
                    action: block
                """);
        String file = dir.resolve("rules.yaml").toString();
        assertEquals(file + ":6:17: rules[1].expression (rule \"block-scripts\"): Filter parsing error (1:25):\n"
                + "bot.score lt 30 and not bot.verifed\n"
                + "                        ^^^^^^^^^^^ unknown identifier; did you mean bot.verified?", e.getMessage());
        assertEquals("block-scripts", e.ruleId());
        assertEquals(6, e.position().line());
        assertEquals(17, e.position().column());
        assertEquals(1, e.filterError().line());
        assertEquals(25, e.filterError().column());
        assertEquals(11, e.filterError().spanLength());
    }

    @Test
    void shouldCountLinesWithinAMultiLineExpression() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: multi
                    expression: |
                      bot.score lt 30
                      and http.user_agent eq 12
                    action: block
                """);
        assertEquals(2, e.filterError().line());
        assertEquals(26, e.filterError().column());
        assertTrue(e.getMessage().contains(":3:17: rules[0].expression (rule \"multi\"): Filter parsing error (2:26):\n"
                + "and http.user_agent eq 12\n"), e.getMessage());
    }

    @Test
    void shouldRejectAnUnknownKeyAtItsPosition() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: log
                    stauts: 403
                """);
        assertTrue(e.getMessage().endsWith(":5:5: rules[0].stauts: unknown key (known here: action, description, enabled, expression, id)"),
                e.getMessage());
        assertNull(e.ruleId());
    }

    @Test
    void shouldRejectBlockParametersOnOtherActions() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: challenge
                    status: 403
                """);
        assertTrue(e.getMessage().contains(":5:5: rules[0].status: unknown key"), e.getMessage());
    }

    @Test
    void shouldRejectAnUnknownAction() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: deny
                """);
        assertTrue(e.getMessage().endsWith(":4:13: rules[0].action: expected one of block, challenge, log, skip, allow, got \"deny\""),
                e.getMessage());
    }

    @Test
    void shouldRejectAMissingExpressionAndAMissingAction() throws IOException {
        assertTrue(failure("""
                rules:
                  - id: a
                    action: log
                """).getMessage().contains("rules[0].expression: required key is missing"));
        assertTrue(failure("""
                rules:
                  - id: a
                    expression: ssl
                """).getMessage().contains("rules[0].action: required key is missing"));
    }

    @Test
    void shouldRejectDuplicateAndMalformedIds() throws IOException {
        RulesException dup = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: log
                  - id: a
                    expression: ssl
                    action: log
                """);
        assertTrue(dup.getMessage().endsWith(":5:9: rules[1].id: duplicate rule id \"a\" (first at line 2)"), dup.getMessage());
        RulesException bad = failure("""
                rules:
                  - id: "has space"
                    expression: ssl
                    action: log
                """);
        assertTrue(bad.getMessage().contains("rules[0].id: a rule id is 1 to 64 letters"), bad.getMessage());
    }

    @Test
    void shouldReadAChallengeRulesDifficulty() throws Exception {
        RuleSet set = RuleSet.load(write("""
                rules:
                  - id: hard
                    expression: bot.score lt 10
                    action: challenge
                    difficulty: 20
                  - id: default
                    expression: bot.score lt 30
                    action: challenge
                """), fixture.scheme);
        assertEquals(20, set.rules().get(0).difficulty());
        assertEquals(RuleDefinition.DEFAULT_DIFFICULTY, set.rules().get(1).difficulty());
    }

    @Test
    void shouldRejectADifficultyOutOfRangeOrOnAnotherAction() throws IOException {
        RulesException range = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: challenge
                    difficulty: 33
                """);
        assertTrue(range.getMessage().endsWith(":5:17: rules[0].difficulty: must be between 0 and 32, got 33"), range.getMessage());
        RulesException block = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: block
                    difficulty: 3
                """);
        assertTrue(block.getMessage().contains(":5:") && block.getMessage().contains("difficulty"), block.getMessage());
    }

    @Test
    void shouldRejectAStatusOutOfRange() throws IOException {
        RulesException e = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: block
                    status: 999
                """);
        assertTrue(e.getMessage().endsWith(":5:13: rules[0].status: must be between 100 and 599, got 999"), e.getMessage());
    }

    @Test
    void shouldRejectSkipTargetsThatDoNotExistOrComeBefore() throws IOException {
        RulesException missing = failure("""
                rules:
                  - id: s
                    expression: ssl
                    action: skip
                    skip_rules: [nope]
                """);
        assertTrue(missing.getMessage().endsWith(":2:5: rules[0].skip_rules (rule \"s\"): no rule \"nope\" to skip"), missing.getMessage());
        RulesException earlier = failure("""
                rules:
                  - id: a
                    expression: ssl
                    action: log
                  - id: s
                    expression: ssl
                    action: skip
                    skip_rules: [a]
                """);
        assertTrue(earlier.getMessage().endsWith("rules[1].skip_rules (rule \"s\"): rule \"a\" comes before this one; a skip rule can only skip rules after it"),
                earlier.getMessage());
    }

    @Test
    void shouldRejectABadListItemAtItsPosition() throws IOException {
        RulesException e = failure("""
                lists:
                  office:
                    type: ip
                    items:
                      - 192.0.2.0/24
                      - 10.0.0.300
                rules: []
                """);
        assertTrue(e.getMessage().endsWith(":6:9: lists.office.items[1]: not an IP address, network or range: \"10.0.0.300\" (couldn't parse address in network: invalid IP address syntax)"),
                e.getMessage());
    }

    @Test
    void shouldRejectUnknownTopLevelKeysAndInvalidYaml() throws IOException {
        assertTrue(failure("""
                rule:
                  - id: a
                """).getMessage().endsWith(":1:1: rule: unknown key (known here: lists, rules)"));
        assertTrue(failure("rules: [\n").getMessage().contains("invalid YAML"));
    }

    @Test
    void shouldReportAMissingFile() {
        RulesException e = assertThrows(RulesException.class, () -> RuleSet.load(dir.resolve("absent.yaml"), fixture.scheme));
        assertTrue(e.getMessage().endsWith("absent.yaml: file not found"), e.getMessage());
    }

    @Test
    void shouldRefuseAFileWithoutRulesUnlessItSaysRulesIsEmpty() throws Exception {
        for (String yaml : new String[] {"", "# nothing yet\n", "rules:\n", "lists:\n  a: {type: int, items: [1]}\n"}) {
            String message = failure(yaml).getMessage();
            assertTrue(message.contains("rules.yaml:1:") && message.contains(": rules: ") && message.contains("write \"rules: []\""), yaml + " -> " + message);
        }
        RuleSet set = RuleSet.load(write("# nothing yet\nrules: []\n"), fixture.scheme);
        assertEquals(0, set.rules().size());
        assertEquals(Verdict.NONE, set.newEvaluator().evaluate(TestFixture.request(), fixture.fields()).verdict());
    }

    @Test
    void shouldServeEveryRequestWithTheDefaultRulesFile() throws Exception {
        Path defaults = Path.of(System.getProperty("user.dir")).resolveSibling("config").resolve("rules.yaml");
        if (!Files.exists(defaults)) {
            defaults = Path.of("config/rules.yaml");
        }
        RuleSet set = RuleSet.load(defaults, fixture.scheme);
        assertNotNull(set);
        for (Rule r : set.rules()) {
            assertTrue(!r.action().terminating() || r.action() == Action.ALLOW,
                    "the default rules must not block or challenge: " + r);
        }
        assertEquals(Verdict.NONE, set.newEvaluator().evaluate(TestFixture.request(), fixture.fields()).verdict());
    }

    @Test
    void shouldCompileTheRealisticRuleSet() throws Exception {
        RuleSet set = RuleSet.compile(RealisticTraffic.realisticRules(), fixture.scheme);
        assertEquals(20, set.rules().size());
        assertEquals(404, set.rule("block-dotfiles").response().status());
        assertEquals(405, set.rule("block-odd-methods").response().status());
    }
}

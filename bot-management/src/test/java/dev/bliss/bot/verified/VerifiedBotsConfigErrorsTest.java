package dev.bliss.bot.verified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import org.junit.jupiter.api.Test;

/** A bad verified-bots file is refused with the file, line, column and key of the mistake. */
class VerifiedBotsConfigErrorsTest {

    @Test
    void shouldReportABadCidrAtItsItem() {
        ConfigException e = error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges: [192.0.2.0/24, 198.51.100.0/33]
                """);
        assertAt(e, 5, 28, "bots[0].ranges[1]");
        assertTrue(e.reason().contains("prefix length 33"), e.getMessage());
    }

    @Test
    void shouldReportHostBitsWithTheNetworkMeant() {
        ConfigException e = error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges:
                      - 192.0.2.7/24
                """);
        assertAt(e, 6, 9, "bots[0].ranges[0]");
        assertTrue(e.reason().contains("the network is 192.0.2.0/24"), e.getMessage());
    }

    @Test
    void shouldReportARangeTooBroadForABot() {
        assertAt(error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges: [0.0.0.0/0]
                """), 5, 14, "bots[0].ranges[0]");
        assertAt(error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges: ["2000::/3"]
                """), 5, 14, "bots[0].ranges[0]");
    }

    @Test
    void shouldReportAnUnknownKey() {
        ConfigException e = error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agent: [examplebot]
                    user_agents: [examplebot]
                    ranges: [192.0.2.0/24]
                """);
        assertAt(e, 4, 5, "bots[0].user_agent");
        assertAt(error("bot: []\nbots: []\n"), 1, 1, "bot");
    }

    @Test
    void shouldReportAnUnknownCategoryAndADuplicateName() {
        assertAt(error("""
                bots:
                  - name: Examplebot
                    category: search
                    user_agents: [examplebot]
                    ranges: [192.0.2.0/24]
                """), 3, 15, "bots[0].category");
        ConfigException e = error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges: [192.0.2.0/24]
                  - name: ExampleBot
                    category: search_engine
                    user_agents: [examplebot]
                    ranges: [198.51.100.0/24]
                """);
        assertAt(e, 6, 11, "bots[1].name");
        assertTrue(e.reason().contains("v.yaml:2:5"), e.getMessage());
    }

    @Test
    void shouldRequireRangesAndUserAgents() {
        ConfigException e = error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: [examplebot]
                """);
        assertAt(e, 2, 5, "bots[0].ranges");
        assertTrue(e.reason().contains("reverse-DNS verification is not implemented"), e.getMessage());
        assertAt(error("""
                bots:
                  - name: Examplebot
                    category: search_engine
                    user_agents: []
                    ranges: [192.0.2.0/24]
                """), 4, 18, "bots[0].user_agents");
    }

    @Test
    void shouldReportABadFakeDetectionId() {
        assertAt(error("fake_bot_detection_id: 0\nbots: []\n"), 1, 24, "fake_bot_detection_id");
    }

    private static ConfigException error(String yaml) {
        return assertThrows(ConfigException.class,
                () -> VerifiedBots.load(ConfigSection.root(YamlConfigReader.parse("v.yaml", yaml))));
    }

    private static void assertAt(ConfigException e, int line, int column, String key) {
        assertEquals("v.yaml", e.position().file(), e.getMessage());
        assertEquals(line, e.position().line(), e.getMessage());
        assertEquals(column, e.position().column(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
    }
}

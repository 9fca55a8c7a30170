package dev.bliss.bot.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import org.junit.jupiter.api.Test;

/**
 * Detection 303 fires for a cookie the store saw under enough user agents from few enough
 * addresses, and not for a browser's own session (one user agent, or two across an update), a
 * cookie everyone has (every address), or a request without a cookie (the store's defaults);
 * its configuration is checked, and its id is kept from the rules and the fake-bot id.
 */
class SessionUserAgentsTest {

    private static final SessionUserAgents SHIPPED = ShippedFiles.heuristics().sessionUserAgents();

    @Test
    void shouldFireForOneClientsSessionUnderManyUserAgents() {
        assertEquals(new SessionUserAgents(4, 3), SHIPPED, "the shipped heuristics.yaml");
        assertTrue(SHIPPED.fires(4.02f, 1.004f));
        assertTrue(SHIPPED.fires(22f, 3.02f), "up to three addresses: a phone between networks");
        assertTrue(SHIPPED.fires(3.6f, 1f), "the store's estimate of four");
        assertFalse(SHIPPED.fires(3.02f, 1.004f), "three user agents");
        assertFalse(SHIPPED.fires(2.01f, 1.004f), "a browser updated during the session");
        assertFalse(SHIPPED.fires(22f, 4.01f), "four addresses: not one client's");
        assertFalse(SHIPPED.fires(900f, 4_000f), "a cookie the site sets alike for everyone");
        assertFalse(SHIPPED.fires(0f, 0f), "no cookie: the store's defaults");
        assertFalse(SessionUserAgents.OFF.fires(22f, 1f), "off");
    }

    @Test
    void shouldReadItsSectionAndRefuseWhatCannotWork() throws Exception {
        assertEquals(SessionUserAgents.OFF, load("rules: []\n").sessionUserAgents(), "absent: off");
        assertEquals(new SessionUserAgents(4, 3), load("rules: []\nsession_user_agents: {}\n").sessionUserAgents(), "defaults");
        assertEquals(new SessionUserAgents(6, 1),
                load("rules: []\nsession_user_agents: {min_user_agents: 6, max_addresses: 1}\n").sessionUserAgents());
        assertFalse(load("rules: []\nsession_user_agents: {min_user_agents: 0}\n").sessionUserAgents().enabled());
        ConfigException two = assertThrows(ConfigException.class,
                () -> load("rules: []\nsession_user_agents: {min_user_agents: 2}\n"));
        assertEquals("session_user_agents.min_user_agents", two.key(), two.getMessage());
        assertEquals(2, two.position().line(), two.getMessage());
        ConfigException none = assertThrows(ConfigException.class,
                () -> load("rules: []\nsession_user_agents: {max_addresses: 0}\n"));
        assertEquals("session_user_agents.max_addresses", none.key(), none.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class,
                () -> load("rules: []\nsession_user_agents: {min_useragents: 5}\n"));
        assertEquals("session_user_agents.min_useragents", unknown.key(), unknown.getMessage());
        ConfigException taken = assertThrows(ConfigException.class, () -> load("""
                rules:
                  - {id: 303, category: mine, patterns: [x]}
                session_user_agents: {min_user_agents: 4}
                """));
        assertTrue(taken.reason().contains("303"), taken.getMessage());
        assertTrue(load("rules:\n  - {id: 303, category: mine, patterns: [x]}\n").userAgents().usesDetectionId(303),
                "the check off: the id is free");
        ConfigException fake = assertThrows(ConfigException.class, () -> VerifiedBots.load(
                ConfigSection.root(YamlConfigReader.parse("v.yaml", "fake_bot_detection_id: 303\nbots: []\n"))));
        assertEquals("fake_bot_detection_id", fake.key(), fake.getMessage());
    }

    private static HeuristicsConfig load(String yaml) throws ConfigException {
        return HeuristicsConfig.load(ConfigSection.root(YamlConfigReader.parse("h.yaml", yaml)));
    }
}

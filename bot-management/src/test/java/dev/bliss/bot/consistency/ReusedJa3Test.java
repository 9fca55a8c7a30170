package dev.bliss.bot.consistency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.SyntheticRequest;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import org.junit.jupiter.api.Test;

/**
 * Detection 302 fires for a Chromium 110+ claim on Chromium's stack whose JA3 came from enough
 * addresses, and for nothing else: not below the minimum, not for an older Chromium (which did
 * not shuffle), a Firefox or Safari (whose JA3 is shared by design), a Chrome user agent on
 * another stack (tls_agrees already says so) or a missing JA4; its configuration is checked.
 */
class ReusedJa3Test {

    private static final TlsStacks STACKS = ShippedFiles.heuristics().tlsStacks();
    private static final ReusedJa3 SHIPPED = ShippedFiles.heuristics().reusedJa3();

    private static ClientConsistency claim(SyntheticRequest r, String ja4) {
        return new ClientConsistency(STACKS).evaluate(r, r.header("user-agent"), ja4, false);
    }

    @Test
    void shouldFireForAChromiumWhoseJa3OtherAddressesSent() {
        assertEquals(3, SHIPPED.minAddresses(), "the shipped heuristics.yaml");
        ClientConsistency chrome = claim(ClientConsistencyTest.chrome(ClientConsistencyTest.CHROME_UA, 146, "document"),
                ClientConsistencyTest.CHROME_JA4);
        assertTrue(chrome.shufflesTlsExtensions());
        assertTrue(SHIPPED.fires(chrome, 3f));
        assertTrue(SHIPPED.fires(chrome, 2_000f));
        assertFalse(SHIPPED.fires(chrome, 1.004f), "its own address: the store's estimate of one");
        assertFalse(SHIPPED.fires(chrome, 2.9f));
        assertFalse(ReusedJa3.OFF.fires(chrome, 2_000f), "off");
    }

    @Test
    void shouldNotFireForClientsWhoseJa3IsSharedByDesign() {
        SyntheticRequest chrome109 = ClientConsistencyTest.chrome(
                ClientConsistencyTest.CHROME_UA.replace("146.0.0.0", "109.0.0.0"), 109, "document");
        assertFalse(SHIPPED.fires(claim(chrome109, ClientConsistencyTest.CHROME_JA4), 500f), "Chrome 109 did not shuffle yet");
        SyntheticRequest firefox = new SyntheticRequest().path("/")
                .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64; rv:146.0) Gecko/20100101 Firefox/146.0")
                .header("accept", "text/html,*/*;q=0.8").header("accept-encoding", "gzip, deflate, br, zstd");
        assertFalse(SHIPPED.fires(claim(firefox, "t13d1717h2_5b57614c22b0_3cbfd9057e0d"), 500f), "Firefox keeps one order");
        SyntheticRequest chromeOnIos = new SyntheticRequest().path("/")
                .header("user-agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 "
                        + "(KHTML, like Gecko) CriOS/146.0.0.0 Mobile/15E148 Safari/604.1")
                .header("accept", "text/html,*/*;q=0.8").header("accept-encoding", "gzip, deflate, br");
        assertFalse(SHIPPED.fires(claim(chromeOnIos, "t13d2014h2_a09f3c656075_14788d8d241b"), 500f), "Chrome on iOS: Apple's stack");
        SyntheticRequest chrome = ClientConsistencyTest.chrome(ClientConsistencyTest.CHROME_UA, 146, "document");
        assertFalse(SHIPPED.fires(claim(chrome, ClientConsistencyTest.GO_JA4), 500f), "Go's stack: tls_agrees disagrees already");
        assertFalse(SHIPPED.fires(claim(chrome, null), 500f), "no JA4");
        assertFalse(SHIPPED.fires(claim(new SyntheticRequest().header("user-agent", "curl/8.5.0"), ClientConsistencyTest.CHROME_JA4),
                500f), "no browser claimed");
    }

    @Test
    void shouldReadItsSectionAndRefuseWhatCannotWork() throws Exception {
        assertEquals(ReusedJa3.OFF, load("rules: []\n").reusedJa3(), "absent: off");
        assertEquals(new ReusedJa3(0), load("rules: []\nreused_chromium_ja3: {min_addresses: 0}\n").reusedJa3());
        assertEquals(new ReusedJa3(10), load("rules: []\nreused_chromium_ja3: {min_addresses: 10}\n").reusedJa3());
        ConfigException two = assertThrows(ConfigException.class, () -> load("rules: []\nreused_chromium_ja3: {min_addresses: 2}\n"));
        assertEquals("reused_chromium_ja3.min_addresses", two.key(), two.getMessage());
        assertEquals(2, two.position().line(), two.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class,
                () -> load("rules: []\nreused_chromium_ja3: {min_adresses: 5}\n"));
        assertEquals("reused_chromium_ja3.min_adresses", unknown.key(), unknown.getMessage());
        ConfigException taken = assertThrows(ConfigException.class, () -> load("""
                rules:
                  - {id: 302, category: mine, patterns: [x]}
                reused_chromium_ja3: {min_addresses: 3}
                """));
        assertTrue(taken.reason().contains("302"), taken.getMessage());
        assertTrue(load("rules:\n  - {id: 302, category: mine, patterns: [x]}\n").userAgents().usesDetectionId(302),
                "the check off: the id is free");
    }

    private static HeuristicsConfig load(String yaml) throws ConfigException {
        return HeuristicsConfig.load(ConfigSection.root(YamlConfigReader.parse("h.yaml", yaml)));
    }
}

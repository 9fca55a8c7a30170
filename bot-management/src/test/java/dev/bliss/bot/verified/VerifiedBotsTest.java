package dev.bliss.bot.verified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.plugin.IpAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** With the shipped verified-bots.yaml: a bot is verified from its ranges and fake from elsewhere. */
class VerifiedBotsTest {

    static final String GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    static final String GOOGLEBOT_SMARTPHONE = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) "
            + "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.7103.92 Mobile Safari/537.36 "
            + "(compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    static final String CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";

    private final VerifiedBots bots = shipped();
    private final VerifiedBotVerdict verdict = new VerifiedBotVerdict();

    static VerifiedBots shipped() {
        try {
            return VerifiedBots.read(ShippedFiles.config("verified-bots.yaml"));
        } catch (Exception e) {
            throw new AssertionError("config/verified-bots.yaml does not load: " + e.getMessage(), e);
        }
    }

    @Test
    void shouldLoadTheShippedBots() {
        List<String> names = bots.bots().stream().map(VerifiedBot::name).toList();
        assertEquals(List.of("Googlebot", "Bingbot", "Applebot", "DuckDuckBot", "GPTBot", "OAI-SearchBot"), names);
        assertEquals(301, bots.fakeDetectionId());
        for (VerifiedBot b : bots.bots()) {
            assertFalse(b.source().isEmpty(), b.name() + " names its source");
            assertFalse(b.rangesAsOf().isEmpty(), b.name() + " dates its snapshot");
        }
    }

    @Test
    void shouldVerifyGooglebotFromGooglesRanges() {
        match(GOOGLEBOT, "66.249.66.1");
        assertEquals(VerifiedBotVerdict.Outcome.VERIFIED, verdict.outcome());
        assertEquals("Googlebot", verdict.bot().name());
        assertSame(VerifiedBotCategory.SEARCH_ENGINE, verdict.bot().category());
        assertEquals(0, verdict.detectionId());
        match(GOOGLEBOT_SMARTPHONE, "66.249.79.96");
        assertTrue(verdict.verified());
    }

    @Test
    void shouldReportAFakeGooglebotFromAnotherAddress() {
        match(GOOGLEBOT, "203.0.113.5");
        assertEquals(VerifiedBotVerdict.Outcome.FAKE, verdict.outcome());
        assertTrue(verdict.fake());
        assertEquals("Googlebot", verdict.bot().name());
        assertEquals(301, verdict.detectionId());
        match(GOOGLEBOT, "66.249.67.32");  // 66.249.67.0/27 is published, .32 is not
        assertTrue(verdict.fake());
    }

    @Test
    void shouldVerifyOverIpv6AndRefuseOtherIpv6() {
        match(GOOGLEBOT, "2001:4860:4801:2a::1234");
        assertTrue(verdict.verified());
        match(GOOGLEBOT, "2001:4860:4801:4f::1");  // a gap in the published /64s
        assertTrue(verdict.fake());
        match(GOOGLEBOT, "2001:db8::1");
        assertTrue(verdict.fake());
    }

    @Test
    void shouldVerifyOtherBotsFromTheirOwnRangesOnly() {
        match("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "157.55.39.10");
        assertTrue(verdict.verified());
        assertEquals("Bingbot", verdict.bot().name());
        match("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "20.191.45.212");
        assertTrue(verdict.verified());
        match("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
                "74.7.227.200");
        assertTrue(verdict.verified());
        assertSame(VerifiedBotCategory.AI_CRAWLER, verdict.bot().category());
        match("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "66.249.66.1");
        assertTrue(verdict.fake(), "Googlebot's address does not verify Bingbot");
        assertEquals("Bingbot", verdict.bot().name());
    }

    @Test
    void shouldSayNothingWhenNoBotIsClaimed() {
        match(CHROME, "66.249.66.1");
        assertEquals(VerifiedBotVerdict.Outcome.NONE, verdict.outcome());
        assertNull(verdict.bot());
        match(null, "66.249.66.1");
        assertEquals(VerifiedBotVerdict.Outcome.NONE, verdict.outcome());
    }

    @Test
    void shouldVerifyAgainstAnyClaimedBot() {
        match("Googlebot/2.1 bingbot/2.0", "157.55.39.10");
        assertTrue(verdict.verified());
        assertEquals("Bingbot", verdict.bot().name());
        match("Googlebot/2.1 bingbot/2.0", "203.0.113.5");
        assertTrue(verdict.fake());
        assertEquals("Googlebot", verdict.bot().name(), "the first claimed bot in file order");
    }

    private void match(String userAgent, String client) {
        bots.match(userAgent, IpAddress.of(client), verdict);
    }
}

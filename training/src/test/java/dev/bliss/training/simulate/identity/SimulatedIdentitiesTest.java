package dev.bliss.training.simulate.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.heuristics.UserAgentHeuristics;
import dev.bliss.bot.keys.Fingerprints;
import dev.bliss.bot.verified.VerifiedBotVerdict;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.plugin.IpAddress;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The identities the simulator hands out, checked against the bot plugin's own code and the
 * shipped configuration: people's user agents are browser-like and fire no heuristic, headless
 * markers do, every simulated crawler is verified from its networks, and every fingerprint has a
 * format the plugin turns into a key.
 */
class SimulatedIdentitiesTest {

    private static final Path CONFIG = Path.of("..", "config");

    @Test
    void shouldGivePeopleBrowserLikeUserAgentsThatFireNoHeuristic() throws Exception {
        UserAgentHeuristics heuristics = HeuristicsConfig.read(CONFIG.resolve("heuristics.yaml")).userAgents();
        HeuristicsVerdict verdict = heuristics.newVerdict();
        int checked = 0;
        for (Browser b : BrowserCatalog.standard().all()) {
            heuristics.classify(b.userAgent(), verdict);
            assertEquals(0, verdict.count(), b.userAgent() + " fired " + verdict);
            assertTrue(heuristics.browserLike(b.userAgent()), b.userAgent() + " is browser-like");
            checked++;
        }
        assertTrue(checked > 100, checked + " user agents");
    }

    @Test
    void shouldGiveUnusualPeopleUserAgentsThatFireNoHeuristic() throws Exception {
        UserAgentHeuristics heuristics = HeuristicsConfig.read(CONFIG.resolve("heuristics.yaml")).userAgents();
        HeuristicsVerdict verdict = heuristics.newVerdict();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 300; i++) {
            for (UnusualBrowsers.Pick pick : new UnusualBrowsers.Pick[] {UnusualBrowsers.inApp(random),
                UnusualBrowsers.consoleOrTv(random), UnusualBrowsers.old(random)}) {
                String ua = pick.browser().userAgent();
                heuristics.classify(ua, verdict);
                assertEquals(0, verdict.count(), ua + " fired " + verdict);
            }
        }
    }

    @Test
    void shouldMarkHeadlessChromeWhenItsMarkerIsShown() throws Exception {
        UserAgentHeuristics heuristics = HeuristicsConfig.read(CONFIG.resolve("heuristics.yaml")).userAgents();
        HeuristicsVerdict verdict = heuristics.newVerdict();
        Browser chrome = BrowserCatalog.standard().pick(BrowserFamily.CHROME, new SplittableRandom(1));
        heuristics.classify(chrome.userAgent().replace("Chrome/", "HeadlessChrome/"), verdict);
        assertTrue(verdict.automated());
    }

    @Test
    void shouldVerifyEverySimulatedCrawlerFromEachOfItsNetworks() throws Exception {
        VerifiedBots bots = VerifiedBots.read(CONFIG.resolve("verified-bots.yaml"));
        VerifiedBotVerdict verdict = new VerifiedBotVerdict();
        SplittableRandom random = new SplittableRandom(5);
        for (Crawler crawler : CrawlerCatalog.standard().all()) {
            for (Ipv4Block network : crawler.networks()) {
                for (int i = 0; i < 20; i++) {
                    String address = network.pick(random);
                    bots.match(crawler.userAgent(146), IpAddress.of(address), verdict);
                    assertTrue(verdict.verified(), crawler.name() + " from " + address + ": " + verdict);
                }
            }
        }
    }

    @Test
    void shouldReportFakeGooglebotFromAHostingNetwork() throws Exception {
        VerifiedBots bots = VerifiedBots.read(CONFIG.resolve("verified-bots.yaml"));
        VerifiedBotVerdict verdict = new VerifiedBotVerdict();
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < 200; i++) {
            bots.match("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                    IpAddress.of(Addresses.hostingBlock(random).pick(random)), verdict);
            assertTrue(verdict.fake());
        }
    }

    @Test
    void shouldGiveEveryStackAFingerprintThePluginTurnsIntoKeys() {
        Fingerprints fingerprints = new Fingerprints();
        Set<String> ja4s = new HashSet<>();
        for (TlsClient stack : TlsClient.values()) {
            TlsClient.Fingerprint f = stack.fingerprint(new SplittableRandom(3));
            assertTrue(f.ja3().matches("[0-9a-f]{32}"), f.ja3());
            assertTrue(f.ja4().matches("t13d\\d{4}(h2|h1|00)_[0-9a-f]{12}_[0-9a-f]{12}"), f.ja4());
            assertNotEquals(0, fingerprints.ja3Key(f.ja3()), stack + " JA3");
            assertNotEquals(0, fingerprints.ja4Key(f.ja4()), stack + " JA4");
            assertTrue(ja4s.add(f.ja4()), stack + " has its own JA4");
        }
    }

    @Test
    void shouldVaryChromesJa3PerConnectionButNotItsJa4() {
        SplittableRandom random = new SplittableRandom(4);
        TlsClient.Fingerprint a = TlsClient.CHROME.fingerprint(random);
        TlsClient.Fingerprint b = TlsClient.CHROME.fingerprint(random);
        assertNotEquals(a.ja3(), b.ja3());
        assertEquals(a.ja4(), b.ja4());
        assertEquals(TlsClient.FIREFOX.fingerprint(random), TlsClient.FIREFOX.fingerprint(random));
        assertFalse(TlsClient.CHROME.ja4().equals(TlsClient.FIREFOX.ja4()));
    }
}

package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What the shipped rules report for typical user agents, id by id. */
class UserAgentRulesTest {

    private static final String CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/153.0.0.0 Safari/537.36";

    private final UserAgentHeuristics heuristics = ShippedFiles.heuristics().userAgents();
    private final HeuristicsVerdict verdict = heuristics.newVerdict();

    @Test
    void shouldReportCurlAsACommandLineToolWithoutABrowserToken() {
        assertIds("curl/8.5.0", 101, 123);
        assertEquals("command_line_tool", verdict.category(0));
        assertEquals("non_browser_user_agent", verdict.category(1));
    }

    @Test
    void shouldReportHttpLibraries() {
        assertIds("python-requests/2.32.3", 102, 123);
        assertIds("Go-http-client/2.0", 102, 123);
        assertIds("Java-http-client/21.0.5", 102, 123);
        assertIds("Apache-HttpClient/5.3 (Java/21.0.5)", 102, 123);
        assertIds("okhttp/4.12.0", 102, 123);
        assertIds("axios/1.7.9", 102, 123);
        assertIds("node-fetch/1.0 (+https://github.com/bitinn/node-fetch)", 102, 120, 121, 123);
        assertIds("PostmanRuntime/7.43.0", 102, 123);
    }

    @Test
    void shouldReportHeadlessBrowsersAndAutomation() {
        assertIds("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", 104);
        assertIds(CHROME + " Playwright/1.49.0", 105);
        assertFalse(verdict.browserLike(), "a flagged user agent is not browser-like");
    }

    @Test
    void shouldReportCrawlersByCategoryAndGenericMarkers() {
        assertIds("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 106, 120, 121, 122);
        assertIds("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
                107, 120, 121, 122);
        assertIds("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", 108, 120, 121, 122);
        assertIds("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", 109, 121, 123);
        assertIds("Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", 110, 120, 121, 122);
        assertIds("Mozilla/5.0 (compatible; SomeNewThing/0.1)", 122);
    }

    @Test
    void shouldReportAMissingOrBlankUserAgent() {
        assertIds(null, 100);
        assertIds("", 100);
        assertIds("   ", 100);
    }

    @Test
    void shouldNotFlagBrowsersWhoseDeviceNameContainsAMarker() {
        assertIds("Mozilla/5.0 (Linux; Android 13; CUBOT P80) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/152.0.0.0 Mobile Safari/537.36");
        assertTrue(verdict.browserLike());
        assertIds("Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)");
        assertIds("MyApp/3.1 (iPhone; iOS 18.7) CFNetwork/1568.100.1 Darwin/24.0.0");
    }

    @Test
    void shouldCallAPlainChromeUserAgentBrowserLike() {
        assertIds(CHROME);
        assertTrue(verdict.browserLike());
        assertTrue(heuristics.browserLike(CHROME));
        assertFalse(heuristics.browserLike("curl/8.5.0"));
        assertFalse(heuristics.browserLike(null));
    }

    @Test
    void shouldRefuseAVerdictOfAnotherInstance() {
        HeuristicsVerdict foreign = ShippedFiles.heuristics().userAgents().newVerdict();
        assertThrows(IllegalArgumentException.class, () -> heuristics.classify(CHROME, foreign));
        assertThrows(IndexOutOfBoundsException.class, () -> verdict.detectionId(0));
    }

    @Test
    void shouldListTheShippedRulesWithUniqueIds() {
        int[] ids = heuristics.rules().stream().mapToInt(HeuristicRule::detectionId).toArray();
        assertArrayEquals(new int[] {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
                120, 121, 122, 123, 201, 202}, ids);
        assertTrue(heuristics.usesDetectionId(123));
        assertFalse(heuristics.usesDetectionId(301), "301 belongs to verified-bots.yaml");
    }

    private void assertIds(String userAgent, int... expected) {
        heuristics.classify(userAgent, verdict);
        int[] actual = Arrays.copyOf(verdict.detectionIds(), verdict.count());
        assertArrayEquals(expected, actual, () -> userAgent + " -> " + verdict);
        assertEquals(expected.length > 0, verdict.automated());
    }
}

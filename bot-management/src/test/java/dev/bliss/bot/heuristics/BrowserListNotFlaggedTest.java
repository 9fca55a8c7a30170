package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ProtocolVersion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No mainstream browser user agent fires a rule: neither the 100 most common user agents of
 * top-user-agents nor the 50 hand-written ones (mobile browsers, in-app browsers, TVs,
 * consoles), alone or inside an ordinary browser request.
 */
class BrowserListNotFlaggedTest {

    private final UserAgentHeuristics heuristics = ShippedFiles.heuristics().userAgents();
    private final HeuristicsVerdict verdict = heuristics.newVerdict();

    @Test
    void shouldFlagNoneOfTheTopUserAgents() {
        assertNoneFlagged(ShippedFiles.userAgents("top-user-agents.txt"), 100);
    }

    @Test
    void shouldFlagNoneOfTheHandwrittenBrowserUserAgents() {
        assertNoneFlagged(ShippedFiles.userAgents("browsers-handwritten.txt"), 50);
    }

    @Test
    void shouldCallNearlyAllOfThemBrowserLike() {
        List<String> browsers = new ArrayList<>(ShippedFiles.userAgents("top-user-agents.txt"));
        browsers.addAll(ShippedFiles.userAgents("browsers-handwritten.txt"));
        List<String> notBrowserLike = new ArrayList<>();
        for (String ua : browsers) {
            if (!heuristics.browserLike(ua)) {
                notBrowserLike.add(ua);
            }
        }
        notBrowserLike.forEach(ua -> System.out.println("  not browser-like: " + ua));
        // Three of the top list are truncated ("… AppleWebKit/537.36" with no product, "… x64)
        // Chrome/120.0.0.0" with no engine, "… (KHTML, like Gecko)" with nothing after) and IE 11
        // has neither token the shape needs: browser-like is the mainstream shape, not "human".
        assertEquals(4, notBrowserLike.size(), String.join("\n", notBrowserLike));
    }

    private void assertNoneFlagged(List<String> browsers, int expected) {
        assertEquals(expected, browsers.size());
        List<String> flagged = new ArrayList<>();
        for (String ua : browsers) {
            heuristics.classify(ua, verdict);
            boolean uaOnly = verdict.automated();
            heuristics.classify(ua, TestRequest.browser(ua), verdict);
            boolean overHttp11 = verdict.automated();
            heuristics.classify(ua, TestRequest.browser(ua).version(ProtocolVersion.HTTP_2), verdict);
            if (uaOnly || overHttp11 || verdict.automated()) {
                flagged.add(ua + " -> " + verdict);
            }
        }
        assertTrue(flagged.isEmpty(), flagged.size() + " browsers flagged:\n" + String.join("\n", flagged));
    }
}

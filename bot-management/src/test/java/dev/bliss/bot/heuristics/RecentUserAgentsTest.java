package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A user agent the loop saw before is classified from memory exactly as its walk classified it,
 * and memory is never taken for another text.
 */
class RecentUserAgentsTest {

    private final UserAgentHeuristics heuristics = ShippedFiles.heuristics().userAgents()
            .withClaims(List.of(List.of("googlebot"), List.of("bingbot", "msnbot"), List.of(" ")));

    @Test
    void shouldClassifyARepeatedUserAgentAsAFreshWalkDoes() {
        List<String> agents = new ArrayList<>();
        agents.addAll(ShippedFiles.userAgents("crawler-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("top-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("browsers-handwritten.txt"));
        agents.addAll(Arrays.asList(null, "", "   ", "Googlebot", "googlebot bingbot"));
        HeuristicsVerdict remembering = heuristics.newVerdict();
        Random random = new Random(3);
        for (int pass = 0; pass < 3; pass++) {
            // shuffled, so that the lists' 1,000-odd user agents evict each other from 512 slots
            Collections.shuffle(agents, random);
            for (String ua : agents) {
                // copies: the proxy parses a new String for every request
                classifyAsAFreshWalk(ua == null ? null : new String(ua), remembering);
                String again = ua == null ? null : new String(ua);
                assertTrue(again == null || remembering.recent.find(again), "remembered right after: " + ua);
                classifyAsAFreshWalk(again, remembering);
            }
        }
    }

    private void classifyAsAFreshWalk(String ua, HeuristicsVerdict remembering) {
        heuristics.classify(ua, remembering);
        HeuristicsVerdict fresh = heuristics.newVerdict();
        heuristics.classify(ua, fresh);
        assertEquals(fresh.toString(), remembering.toString(), ua);
        assertEquals(fresh.browserLike(), remembering.browserLike(), ua);
        assertEquals(fresh.claims(), remembering.claims(), ua);
    }

    @Test
    void shouldTakeMemoryOnlyForAnEqualText() {
        RecentUserAgents recent = new RecentUserAgents(1);   // one slot: every text collides
        assertFalse(recent.find("curl/8.5.0"));
        recent.remember("curl/8.5.0", 5, 6);
        assertTrue(recent.find(new String("curl/8.5.0")));
        assertEquals(5, recent.sets());
        assertEquals(6, recent.claims());
        assertFalse(recent.find("curl/8.5.1"));
        recent.remember("curl/8.5.1", 7, 8);
        assertFalse(recent.find("curl/8.5.0"), "evicted by the collision");
        assertTrue(recent.find("curl/8.5.1"));
        assertEquals(7, recent.sets());
    }

    @Test
    void shouldWalkACharSequenceThatIsNotAStringEveryTime() {
        HeuristicsVerdict verdict = heuristics.newVerdict();
        StringBuilder ua = new StringBuilder("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
                + "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36");
        heuristics.classify(ua, verdict);
        assertTrue(verdict.browserLike());
        ua.setLength(0);
        ua.append("curl/8.5.0");   // the same object, another text: must not be answered from memory
        heuristics.classify(ua, verdict);
        assertFalse(verdict.browserLike());
        assertTrue(verdict.automated());
    }
}

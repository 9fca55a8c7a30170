package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The shipped rules recognise at least 99% of the example user agents of the public
 * crawler-user-agents list (2,118 instances; see test/resources/useragents/NOTICE.md). The
 * threshold is a count, so the test is exact; the misses are printed for whoever tunes rules.
 */
class CrawlerListRecognitionTest {

    @Test
    void shouldRecogniseAtLeast99PercentOfTheCrawlerList() {
        UserAgentHeuristics heuristics = ShippedFiles.heuristics().userAgents();
        HeuristicsVerdict verdict = heuristics.newVerdict();
        List<String> crawlers = ShippedFiles.userAgents("crawler-user-agents.txt");
        assertEquals(2118, crawlers.size(), "the list changed; update the figures in the README");

        List<String> missed = new ArrayList<>();
        Map<String, Integer> firstCategory = new TreeMap<>();
        for (String ua : crawlers) {
            heuristics.classify(ua, verdict);
            if (verdict.automated()) {
                firstCategory.merge(verdict.detectionId(0) + " " + verdict.category(0), 1, Integer::sum);
            } else {
                missed.add(ua);
            }
        }
        int recognised = crawlers.size() - missed.size();
        System.out.printf("crawler-user-agents: %d of %d recognised (%.2f%%), first rule: %s%n",
                recognised, crawlers.size(), 100.0 * recognised / crawlers.size(), firstCategory);
        missed.forEach(ua -> System.out.println("  missed: " + ua));

        int allowedMisses = crawlers.size() / 100;
        assertTrue(missed.size() <= allowedMisses, missed.size() + " missed, at most " + allowedMisses + " allowed");
    }
}

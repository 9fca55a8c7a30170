package dev.bliss.bot.verified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.heuristics.HeuristicsVerdict;
import dev.bliss.bot.heuristics.PatternAutomaton;
import dev.bliss.bot.heuristics.ShippedFiles;
import dev.bliss.bot.heuristics.UserAgentHeuristics;
import dev.bliss.plugin.IpAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The detector walks each user agent once, with the verified bots' patterns compiled into the
 * heuristics' automaton ({@link UserAgentHeuristics#withClaims}). Over every user agent of the
 * public lists and some edge cases, from verified, foreign and IPv6 addresses, that one walk
 * gives exactly what the two separate walks give: the same detection ids, browser shape and
 * verified-bot verdict.
 */
class OneWalkMatchesTwoWalksTest {

    /** An address in each shipped bot's ranges (first ranges of verified-bots.yaml), and others. */
    private static final List<String> CLIENTS = List.of("66.249.66.1", "2001:4860:4801:10::1", "157.55.39.10",
            "17.241.208.161", "104.43.54.127", "132.196.86.1", "104.210.140.129", "203.0.113.5", "2001:db8::1");

    private final UserAgentHeuristics rules = ShippedFiles.heuristics().userAgents();
    private final VerifiedBots bots = VerifiedBotsTest.shipped();

    @Test
    void shouldGiveTheSameVerdictsAsTwoWalksOverThePublicLists() {
        UserAgentHeuristics together = rules.withClaims(bots.userAgentPatterns());
        assertTrue(together.claimsShareTheWalk(), "the shipped files leave room for the bots in one automaton");

        List<String> agents = new ArrayList<>();
        agents.addAll(ShippedFiles.userAgents("crawler-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("top-user-agents.txt"));
        agents.addAll(ShippedFiles.userAgents("browsers-handwritten.txt"));
        agents.addAll(Arrays.asList(null, "", "   ", "Googlebot", "googlebot bingbot", "GPTBot/1.2 OAI-SearchBot/1.0"));

        HeuristicsVerdict apart = rules.newVerdict();
        HeuristicsVerdict one = together.newVerdict();
        VerifiedBotVerdict expected = new VerifiedBotVerdict();
        VerifiedBotVerdict actual = new VerifiedBotVerdict();
        int verified = 0;
        int fake = 0;
        for (String client : CLIENTS) {
            IpAddress address = IpAddress.of(client);
            for (String ua : agents) {
                rules.classify(ua, apart);
                together.classify(ua, one);
                assertEquals(apart.toString(), one.toString(), ua);
                assertEquals(apart.browserLike(), one.browserLike(), ua);

                bots.match(ua, address, expected);
                bots.match(one.claims(), address, actual);
                assertSame(expected.outcome(), actual.outcome(), ua + " from " + client);
                assertSame(expected.bot(), actual.bot(), ua + " from " + client);
                assertEquals(expected.detectionId(), actual.detectionId(), ua + " from " + client);
                verified += actual.verified() ? 1 : 0;
                fake += actual.fake() ? 1 : 0;
            }
        }
        assertTrue(verified > 0 && fake > 0, "the lists reach both outcomes: " + verified + " verified, " + fake + " fake");
    }

    @Test
    void shouldWalkTheClaimsApartWhenTheRulesLeaveNoRoom() {
        // more claims than the rules leave free sets: they get an automaton of their own
        List<List<String>> claims = new ArrayList<>();
        for (int i = 0; i < UserAgentHeuristics.MAX_PATTERN_SETS; i++) {
            claims.add(List.of("token" + i));
        }
        claims.set(0, List.of("googlebot", "^curl/"));
        claims.set(1, List.of(" "));
        claims.set(2, List.of("safari/537.36$"));
        UserAgentHeuristics apartClaims = rules.withClaims(claims);
        assertFalse(apartClaims.claimsShareTheWalk());
        UserAgentHeuristics fewClaims = rules.withClaims(claims.subList(0, 5));
        assertTrue(fewClaims.claimsShareTheWalk());

        PatternAutomaton.Builder reference = new PatternAutomaton.Builder();
        for (int i = 0; i < claims.size(); i++) {
            for (String p : claims.get(i)) {
                reference.add(i, p);
            }
        }
        PatternAutomaton expected = reference.build();
        HeuristicsVerdict plain = rules.newVerdict();
        HeuristicsVerdict many = apartClaims.newVerdict();
        HeuristicsVerdict few = fewClaims.newVerdict();
        List<String> agents = new ArrayList<>(ShippedFiles.userAgents("crawler-user-agents.txt"));
        agents.addAll(Arrays.asList(null, "", "   ", "curl/8.5.0 token7 token59", "x token3 Safari/537.36"));
        int claimed = 0;
        for (String ua : agents) {
            long bits = ua == null ? 0L : expected.scan(ua);
            rules.classify(ua, plain);
            apartClaims.classify(ua, many);
            fewClaims.classify(ua, few);
            assertEquals(bits, many.claims(), ua);
            assertEquals(bits & 0x1F, few.claims(), ua);
            assertEquals(plain.toString(), many.toString(), ua);
            assertEquals(plain.toString(), few.toString(), ua);
            claimed += bits != 0 ? 1 : 0;
        }
        assertTrue(claimed > 0);
        assertEquals(0, rules.newVerdict().claims(), "without claims there are none");
    }
}

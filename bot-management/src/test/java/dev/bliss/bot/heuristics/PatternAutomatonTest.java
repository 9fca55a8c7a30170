package dev.bliss.bot.heuristics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The automaton finds exactly the sets a naive substring search finds, anchors included. */
class PatternAutomatonTest {

    @Test
    void shouldFindOverlappingAndNestedPatterns() {
        PatternAutomaton a = new PatternAutomaton.Builder()
                .add(0, "he").add(1, "she").add(2, "hers").add(3, "his").build();
        assertEquals(0b0111L, a.scan("ushers"));
        assertEquals(0b1000L, a.scan("this"));
        assertEquals(0L, a.scan("hx"));
        assertEquals(0L, a.scan(""));
    }

    @Test
    void shouldIgnoreAsciiCase() {
        PatternAutomaton a = new PatternAutomaton.Builder().add(0, "GoogleBot").add(1, "curl/").build();
        assertEquals(0b01L, a.scan("Mozilla/5.0 (compatible; GOOGLEBOT/2.1)"));
        assertEquals(0b10L, a.scan("CURL/8.5.0"));
    }

    @Test
    void shouldAnchorCaretToTheStartAndDollarToTheEnd() {
        PatternAutomaton a = new PatternAutomaton.Builder()
                .add(0, "^curl").add(1, "bot$").add(2, "^exact$").add(3, "a^b$c").build();
        assertEquals(0b0001L, a.scan("curl/8.5.0"));
        assertEquals(0L, a.scan("libcurl/8.5.0"));
        assertEquals(0b0010L, a.scan("SomeBot"));
        assertEquals(0L, a.scan("SomeBot/1.0"));
        assertEquals(0b0100L, a.scan("EXACT"));
        assertEquals(0L, a.scan("exactly"));
        assertEquals(0b1000L, a.scan("xa^b$cx"), "^ and $ inside a pattern are literal");
    }

    @Test
    void shouldNeverMatchNonAsciiCharactersToPatternCharacters() {
        PatternAutomaton a = new PatternAutomaton.Builder().add(0, "bot").build();
        // U+0162 has 'b' (0x62) as its low byte; it must not pass for one. No folding of accents.
        assertEquals(0L, a.scan("\u0162ot"));
        assertEquals(0L, a.scan("b\u00F6t"));
        assertEquals(1L, a.scan("\u00E9bot\u00E9"));
    }

    @Test
    void shouldRejectPatternsThatAreNotPrintableAscii() {
        assertNotNull(PatternAutomaton.Builder.problem("b\u00F6t"));
        assertNotNull(PatternAutomaton.Builder.problem("tab\there"));
        assertNotNull(PatternAutomaton.Builder.problem("^"));
        assertNotNull(PatternAutomaton.Builder.problem("^$"));
        assertNotNull(PatternAutomaton.Builder.problem(""));
        assertNull(PatternAutomaton.Builder.problem("^x$"));
        assertThrows(IllegalArgumentException.class, () -> new PatternAutomaton.Builder().add(64, "x"));
    }

    @Test
    void shouldFindPatternsAcrossTheMiddleOfALongText() {
        PatternAutomaton a = new PatternAutomaton.Builder()
                .add(0, "googlebot").add(1, "^mozilla/").add(2, "bot.html)$").add(3, "^bot").build();
        String ua = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, "
                + "like Gecko) Chrome/136.0.7103.92 Mobile Safari/537.36 (compatible; Googlebot/2.1; "
                + "+http://www.google.com/bot.html)";
        assertEquals(0b0111L, a.scan(ua));
        for (int at = 0; at <= 120; at++) {
            String text = "x".repeat(at) + "googlebot" + "y".repeat(120 - at);
            assertEquals(0b0001L, a.scan(text), "at " + at);
        }
    }

    @Test
    void shouldAgreeWithANaiveSearchOnRandomTexts() {
        Random random = new Random(42);
        String alphabet = "abAB/^$ .";
        for (int round = 0; round < 200; round++) {
            List<String> patterns = new ArrayList<>();
            PatternAutomaton.Builder builder = new PatternAutomaton.Builder();
            int count = 1 + random.nextInt(12);
            for (int i = 0; i < count; i++) {
                String p;
                do {
                    p = random(random, alphabet, 1 + random.nextInt(4));
                } while (PatternAutomaton.Builder.problem(p) != null);
                patterns.add(p);
                builder.add(i % 64, p);
            }
            PatternAutomaton automaton = builder.build();
            // Up to 80 characters: long texts are walked as two halves (patterns here are at most 4).
            for (int t = 0; t < 100; t++) {
                String text = random(random, alphabet, random.nextInt(80));
                assertEquals(naive(patterns, text), automaton.scan(text), () -> patterns + " in \"" + text + '"');
            }
        }
    }

    private static long naive(List<String> patterns, String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        long sets = 0;
        for (int i = 0; i < patterns.size(); i++) {
            String p = patterns.get(i).toLowerCase(Locale.ROOT);
            boolean start = p.startsWith("^");
            String core = start ? p.substring(1) : p;
            boolean end = core.length() > 0 && core.endsWith("$");
            core = end ? core.substring(0, core.length() - 1) : core;
            boolean found = start && end ? lower.equals(core)
                    : start ? lower.startsWith(core)
                    : end ? lower.endsWith(core)
                    : lower.contains(core);
            if (found) {
                sets |= 1L << (i % 64);
            }
        }
        return sets;
    }

    private static String random(Random random, String alphabet, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}

package dev.bliss.firewall.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The byte regex engine: agrees with java.util.regex on generated patterns and inputs (ASCII,
 * where the two define the same language), runs catastrophic-backtracking patterns in linear time,
 * and falls back to NFA simulation for patterns whose automaton would be too large.
 */
class RegexTest {

    private static boolean find(String pattern, String input) throws RegexSyntaxException {
        Regex r = Regex.compile(pattern);
        byte[] b = input.getBytes(StandardCharsets.UTF_8);
        return r.find(b, b.length, new int[r.scratchLength()]);
    }

    @Test
    void shouldSearchAnywhereUnlessAnchored() throws Exception {
        assertTrue(find("bot", "Googlebot/2.1"));
        assertFalse(find("^bot", "Googlebot/2.1"));
        assertTrue(find("2\\.1$", "Googlebot/2.1"));
        assertFalse(find("2\\.1$", "Googlebot/2.1 x"));
        assertTrue(find("\\Agoogle", "googlebot"));
        assertTrue(find("", ""));
        assertTrue(find("^$", ""));
        assertFalse(find("^$", "x"));
        assertTrue(find("a|", "zzz"));
    }

    @Test
    void shouldSupportClassesFlagsAndRepetition() throws Exception {
        assertTrue(find("(?i)CURL/[0-9]+\\.[0-9]+", "curl/8.0"));
        assertFalse(find("CURL", "curl"));
        assertTrue(find("(?i:c)URL", "cURL"));
        assertTrue(find("^[[:alpha:]]{3}[[:digit:]]$", "abc1"));
        assertTrue(find("^[^0-9]+$", "abc"));
        assertFalse(find("^[^0-9]+$", "ab1"));
        assertTrue(find("^\\w+\\s\\W$", "ab_1 !"));
        assertTrue(find("^a{2,3}$", "aaa"));
        assertFalse(find("^a{2,3}$", "aaaa"));
        assertTrue(find("^a{2,}$", "aaaaaaa"));
        assertTrue(find("^(?:ab)+?$", "ababab"));
        assertTrue(find("^\\x41\\x{42}[\\x43-\\x44]$", "ABD"));
        assertTrue(find("^[]a]+$", "]a]"));
        assertTrue(find("^[a-]+$", "a-a"));
        assertTrue(find("(?x) a b  # spaced\n c", "abc"));
        assertTrue(find("(?P<name>ab)c", "abc"));
    }

    @Test
    void shouldMatchDotAndAnchorsOverLines() throws Exception {
        assertFalse(find("a.b", "a\nb"));
        assertTrue(find("(?s)a.b", "a\nb"));
        assertFalse(find("^b", "a\nb"));
        assertTrue(find("(?m)^b$", "a\nb\nc"));
        assertFalse(find("a$", "a\nb"));
        assertTrue(find("(?m)a$", "a\nb"));
    }

    @Test
    void shouldFindWordBoundaries() throws Exception {
        assertTrue(find("\\bbot\\b", "a bot here"));
        assertFalse(find("\\bbot\\b", "robots"));
        assertTrue(find("\\Bbot", "robot"));
        assertTrue(find("\\bbot\\b", "bot"));
    }

    @Test
    void shouldMatchBytesNotCharacters() throws Exception {
        assertTrue(find("^.{2}$", "é"), "é is two bytes in UTF-8");
        assertTrue(find("^é$", "é"));
        assertTrue(find("^\\xc3\\xa9$", "é"));
        Regex r = Regex.compile("[\\x80-\\xff]");
        byte[] high = {(byte) 0xFF};
        assertTrue(r.find(high, 1, null));
    }

    @Test
    void shouldRefuseWhatRustRegexRefuses() {
        assertEquals("look-around, including look-ahead and look-behind, is not supported",
                assertThrows(RegexSyntaxException.class, () -> Regex.compile("a(?!b)")).getMessage());
        assertEquals("look-around, including look-ahead and look-behind, is not supported",
                assertThrows(RegexSyntaxException.class, () -> Regex.compile("(?<=a)b")).getMessage());
        assertEquals("backreferences are not supported",
                assertThrows(RegexSyntaxException.class, () -> Regex.compile("(a)\\1")).getMessage());
        assertEquals("unopened group", assertThrows(RegexSyntaxException.class, () -> Regex.compile("a)")).getMessage());
        assertEquals("repetition count exceeds the limit of 1000",
                assertThrows(RegexSyntaxException.class, () -> Regex.compile("a{1001}")).getMessage());
        assertEquals("unrecognized escape sequence", assertThrows(RegexSyntaxException.class, () -> Regex.compile("\\q")).getMessage());
    }

    @Test
    void shouldRunCatastrophicPatternsInLinearTime() throws Exception {
        // Each of these takes exponential time in a backtracking engine on this input; here the
        // cost is one table lookup per byte (or states × bytes for the NFA fallback).
        String input = "a".repeat(100_000) + "!";
        assertFalse(find("^(a+)+$", input));
        assertFalse(find("^(a|a)*$", input));
        assertFalse(find("^(a|aa)+$", input));
        assertFalse(find("^(.*a){20}$", input));
        assertTrue(find("(a+)+!", input));
    }

    @Test
    void shouldSimulateTheNfaWhenTheAutomatonWouldBeTooLarge() throws Exception {
        Regex large = Regex.compile("(a|b)*a(a|b){14}");
        assertFalse(large.isDeterministic());
        assertTrue(large.scratchLength() > 0);
        Regex small = Regex.compile("(a|b)*a(a|b){3}");
        assertTrue(small.isDeterministic());
        Random random = new Random(7);
        Pattern javaLarge = Pattern.compile("(a|b)*a(a|b){14}");
        int[] scratch = new int[large.scratchLength()];
        for (int i = 0; i < 500; i++) {
            String s = randomString(random, "abc", 40);
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            assertEquals(javaLarge.matcher(s).find(), large.find(b, b.length, scratch), s);
        }
    }

    @Test
    void shouldAgreeWithJavaRegexOnGeneratedPatterns() throws Exception {
        Random random = new Random(42);
        int checked = 0;
        for (int p = 0; p < 400; p++) {
            String pattern = pattern(random, 3);
            Regex ours = Regex.compile(pattern);
            Pattern theirs = Pattern.compile(pattern);
            int[] scratch = new int[ours.scratchLength()];
            for (int i = 0; i < 60; i++) {
                String s = randomString(random, "ab1_ -", 12);
                byte[] b = s.getBytes(StandardCharsets.US_ASCII);
                assertEquals(theirs.matcher(s).find(), ours.find(b, b.length, scratch), () -> "/" + pattern + "/ on \"" + s + '"');
                checked++;
            }
        }
        assertEquals(24_000, checked);
    }

    @Test
    void shouldAgreeWithJavaRegexOnLongInputsInLargerBuffers() throws Exception {
        // Long inputs in buffers with stale bytes past the end: the vector pair scan reads past
        // the value (never past the array) and must ignore what it finds there.
        Random random = new Random(99);
        byte[] buffer = new byte[512];
        int filtered = 0;
        int scanned = 0;
        for (int p = 0; p < 300; p++) {
            String pattern = "(?i)" + atom(random).replaceAll("[*?]", "") + atom(random).replaceAll("[*?]", "")
                    + (random.nextBoolean() ? "|" + pattern(random, 1).replaceAll("[\\^$b]", "") + "x" : "");
            Regex ours;
            try {
                ours = Regex.compile(pattern);
            } catch (RegexSyntaxException e) {
                continue;
            }
            Pattern theirs = Pattern.compile(pattern);
            int[] scratch = new int[ours.scratchLength()];
            scanned += ours.scansStartPairs() ? 1 : 0;
            for (int i = 0; i < 40; i++) {
                String s = randomString(random, "abAB1_ -xyz", 200);
                byte[] b = s.getBytes(StandardCharsets.US_ASCII);
                random.nextBytes(buffer);
                System.arraycopy(b, 0, buffer, 0, b.length);
                assertEquals(theirs.matcher(s).find(), ours.find(buffer, b.length, scratch), () -> "/" + pattern + "/ on \"" + s + '"');
            }
            filtered++;
        }
        assertTrue(filtered > 250);
        assertTrue(scanned > 100, "patterns using the pair scan: " + scanned);
        assertTrue(Regex.compile("(?i)(sqlmap|nikto|masscan|zgrab|nuclei)").scansStartPairs());
        assertFalse(Regex.compile("^curl").scansStartPairs(), "anchored");
        assertFalse(Regex.compile("a|bc").scansStartPairs(), "one-byte match");
    }

    @Test
    void shouldFindPairsAcrossVectorBoundariesAndAtTheEnd() {
        PairScan scan = PairScan.ofNeedle((byte) 'c', (byte) 'u');
        byte[] a = new byte[300];
        java.util.Arrays.fill(a, (byte) 'x');
        for (int at : new int[] {0, 30, 31, 32, 63, 64, 97, 198}) {
            java.util.Arrays.fill(a, (byte) 'x');
            a[at] = 'c';
            a[at + 1] = 'u';
            assertEquals(at, scan.next(a, 0, 200), "pair at " + at);
            assertEquals(-1, scan.next(a, at + 1, 200));
        }
        java.util.Arrays.fill(a, (byte) 'x');
        a[199] = 'c';
        a[200] = 'u';
        assertEquals(-1, scan.next(a, 0, 200), "the second byte is past the value");
        assertEquals(199, scan.next(a, 0, 201));
        byte[] exact = "xxcu".getBytes(StandardCharsets.US_ASCII);
        assertEquals(2, scan.next(exact, 0, 4), "an array too short for a vector is scanned byte by byte");
    }

    private static String pattern(Random r, int depth) {
        if (depth == 0) {
            return atom(r);
        }
        return switch (r.nextInt(8)) {
            case 0 -> pattern(r, depth - 1) + "|" + pattern(r, depth - 1);
            case 1 -> "(?:" + pattern(r, depth - 1) + ")" + quantifier(r);
            case 2 -> "(" + pattern(r, depth - 1) + ")";
            case 3 -> "^" + pattern(r, depth - 1);
            case 4 -> pattern(r, depth - 1) + "$";
            case 5 -> "\\b" + pattern(r, depth - 1);
            default -> pattern(r, depth - 1) + pattern(r, depth - 1);
        };
    }

    private static String atom(Random r) {
        String a = switch (r.nextInt(9)) {
            case 0 -> "a";
            case 1 -> "b";
            case 2 -> ".";
            case 3 -> "[ab]";
            case 4 -> "[^a]";
            case 5 -> "\\w";
            case 6 -> "\\d";
            case 7 -> "(?i:A)";
            default -> "\\s";
        };
        return a + quantifier(r);
    }

    private static String quantifier(Random r) {
        return switch (r.nextInt(7)) {
            case 0 -> "*";
            case 1 -> "+";
            case 2 -> "?";
            case 3 -> "{1,2}";
            case 4 -> "{2}";
            default -> "";
        };
    }

    private static String randomString(Random r, String alphabet, int maxLength) {
        int n = r.nextInt(maxLength + 1);
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}

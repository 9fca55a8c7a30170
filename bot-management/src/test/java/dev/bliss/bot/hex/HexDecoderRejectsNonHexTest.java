package dev.bliss.bot.hex;

import dev.bliss.bot.hex.HexInputs.CaseMix;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

import static dev.bliss.bot.hex.HexInputs.lowBytes;
import static dev.bliss.bot.hex.HexInputs.randomHex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A non-digit at any position of any length 2–256 is reported as {@code ~index} of the first
 * one, by every entry point; odd lengths are errors too. Loops check with {@code if} and build a
 * message only on failure, since they run millions of cases.
 */
class HexDecoderRejectsNonHexTest {

    /**
     * Chars nobody may accept: ASCII neighbours of the digit ranges; Latin-1 chars whose low
     * 7 bits are digits; chars above U+00FF whose low byte is a digit or letter (U+0130 'İ' is
     * '0' to a low-byte reader); fullwidth and Arabic-Indic digits (Character.digit accepts
     * some of these); a lone surrogate; U+FFFF.
     */
    private static final char[] BAD_CHARS = {
        '/', ':', '@', 'G', '`', 'g', ' ', '\0', '\u007F',
        '\u00B0', '\u00B9', '\u00C1', '\u00E6', '\u00FF',
        '\u0130', '\u0139', '\u0141', '\u0146', '\u0161', '\u0166', '\u0230', '\u3030', '\u8061',
        '\uFF10', '\uFF21', '\uFF41', '\u0660', '\uD830', '\uFFFF',
    };
    /** Bytes for the long-output paths, which get fewer cases than the byte-output ones. */
    private static final byte[] BAD_BYTES = {
        '/', ':', '@', 'G', '`', 'g', 0, (byte) 0x80, (byte) 0xB0, (byte) 0xC1, (byte) 0xE1, (byte) 0xFF,
    };
    private static final int FROM = 1;

    private final HexDecoder decoder = new HexDecoder();
    private final Random random = new Random(7);

    @Test
    void shouldAgreeWithHexFormatThatTheBadCharsAreNotDigits() {
        for (char c : BAD_CHARS) {
            assertFalse(HexFormat.isHexDigit(c), () -> "U+" + HexFormat.of().toHexDigits(c));
        }
    }

    @Test
    void shouldDecodeDigitsAndReportNonDigitsForEveryByteValueAtEveryPosition() {
        for (int n = 2; n <= 256; n += 2) {
            String hex = randomHex(n, CaseMix.RANDOM, random);
            byte[] clean = HexFormat.of().parseHex(hex);
            byte[] src = lowBytes("x" + hex + "x");
            byte[] dst = new byte[n / 2];
            byte[] expected = clean.clone();
            long[] longs = new long[(n + 15) / 16];
            int to = FROM + n;
            for (int p = 0; p < n; p++) {
                byte original = src[FROM + p];
                for (int b = 0; b < 256; b++) {
                    src[FROM + p] = (byte) b;
                    int nibble = HexFormat.isHexDigit(b) ? HexFormat.fromHexDigit(b) : -1;
                    if (nibble >= 0) {
                        int shift = (p & 1) == 0 ? 4 : 0;
                        expected[p / 2] = (byte) (clean[p / 2] & ~(0xF << shift) | nibble << shift);
                    }
                    int want = nibble >= 0 ? n / 2 : ~(FROM + p);
                    for (int path = 0; path < 2; path++) {
                        int got = path == 0
                                ? decoder.decode(src, FROM, to, dst, 0)
                                : TableHexDecoder.decode(src, FROM, to, dst, 0);
                        if (got != want || (nibble >= 0 && !Arrays.equals(expected, dst))) {
                            fail((path == 0 ? "HexDecoder" : "TableHexDecoder") + " on byte 0x"
                                    + Integer.toHexString(b) + " at " + p + " of " + n + ": got " + got
                                    + ", want " + want + ", dst " + HexFormat.of().formatHex(dst));
                        }
                    }
                }
                expected[p / 2] = clean[p / 2];
                for (byte b : BAD_BYTES) {
                    src[FROM + p] = b;
                    expectError(decoder.decodeLongs(src, FROM, to, longs, 0), FROM + p, "HexDecoder longs", n, p, b & 0xFF);
                    expectError(TableHexDecoder.decodeLongs(src, FROM, to, longs, 0), FROM + p, "TableHexDecoder longs", n, p, b & 0xFF);
                }
                src[FROM + p] = original;
            }
        }
    }

    @Test
    void shouldReportEveryBadCharAtEveryPositionIncludingCharsAboveLatin1() {
        for (int n = 2; n <= 256; n += 2) {
            char[] chars = ("x" + randomHex(n, CaseMix.RANDOM, random) + "x").toCharArray();
            StringBuilder builder = new StringBuilder().append(chars);
            byte[] dst = new byte[n / 2];
            long[] longs = new long[(n + 15) / 16];
            int to = FROM + n;
            for (int p = 0; p < n; p++) {
                char original = chars[FROM + p];
                for (char c : BAD_CHARS) {
                    chars[FROM + p] = c;
                    builder.setCharAt(FROM + p, c);
                    String s = new String(chars);
                    int at = FROM + p;
                    expectError(decoder.decode(s, FROM, to, dst, 0), at, "HexDecoder String", n, p, c);
                    expectError(decoder.decode(builder, FROM, to, dst, 0), at, "HexDecoder StringBuilder", n, p, c);
                    expectError(TableHexDecoder.decode(s, FROM, to, dst, 0), at, "TableHexDecoder String", n, p, c);
                    expectError(decoder.decodeLongs(s, FROM, to, longs, 0), at, "HexDecoder longs String", n, p, c);
                    expectError(TableHexDecoder.decodeLongs(s, FROM, to, longs, 0), at, "TableHexDecoder longs String", n, p, c);
                }
                chars[FROM + p] = original;
                builder.setCharAt(FROM + p, original);
            }
        }
    }

    @Test
    void shouldReportTheFirstOfTwoBadChars() {
        for (int n = 4; n <= 256; n += 2) {
            for (int k = 0; k < 20; k++) {
                char[] chars = randomHex(n, CaseMix.RANDOM, random).toCharArray();
                int first = random.nextInt(n - 1);
                int second = first + 1 + random.nextInt(n - first - 1);
                chars[first] = BAD_CHARS[random.nextInt(BAD_CHARS.length)];
                chars[second] = BAD_CHARS[random.nextInt(BAD_CHARS.length)];
                String s = new String(chars);
                byte[] bytes = lowBytes(s);
                // A char above U+00FF may have a digit as its low byte: then, as bytes, the
                // second bad char (or none) is the first one.
                int firstInBytes = TableHexDecoder.digit((char) (bytes[first] & 0xFF)) >= 0
                        ? (TableHexDecoder.digit((char) (bytes[second] & 0xFF)) >= 0 ? -1 : second)
                        : first;
                byte[] dst = new byte[n / 2];
                long[] longs = new long[(n + 15) / 16];
                assertEquals(~first, decoder.decode(s, 0, n, dst, 0), s);
                assertEquals(~first, decoder.decodeLongs(s, 0, n, longs, 0), s);
                assertEquals(~first, TableHexDecoder.decode(s, 0, n, dst, 0), s);
                int wantBytes = firstInBytes < 0 ? n / 2 : ~firstInBytes;
                assertEquals(wantBytes, decoder.decode(bytes, 0, n, dst, 0), s);
                assertEquals(wantBytes, TableHexDecoder.decode(bytes, 0, n, dst, 0), s);
            }
        }
    }

    @Test
    void shouldRejectOddLengthsAtToIndexOrAtTheFirstBadChar() {
        for (int n = 1; n <= 255; n += 2) {
            String hex = randomHex(n, CaseMix.RANDOM, random);
            String s = "x" + hex + "x";
            byte[] bytes = lowBytes(s);
            int to = FROM + n;
            byte[] dst = new byte[n / 2];
            long[] longs = new long[(n + 15) / 16];
            assertEquals(~to, decoder.decode(s, FROM, to, dst, 0), hex);
            assertEquals(~to, decoder.decode(bytes, FROM, to, dst, 0), hex);
            assertEquals(~to, decoder.decodeLongs(s, FROM, to, longs, 0), hex);
            assertEquals(~to, decoder.decodeLongs(bytes, FROM, to, longs, 0), hex);
            assertEquals(~to, TableHexDecoder.decode(s, FROM, to, dst, 0), hex);
            assertEquals(~to, TableHexDecoder.decode(bytes, FROM, to, dst, 0), hex);

            int p = random.nextInt(n);
            String bad = s.substring(0, FROM + p) + '\u0130' + s.substring(FROM + p + 1);
            assertEquals(~(FROM + p), decoder.decode(bad, FROM, to, dst, 0), bad);
            assertEquals(~(FROM + p), decoder.decodeLongs(bad, FROM, to, longs, 0), bad);
            assertEquals(~(FROM + p), TableHexDecoder.decode(bad, FROM, to, dst, 0), bad);
        }
    }

    @Test
    void shouldRecoverTheIndexFromAnErrorResult() {
        byte[] dst = new byte[8];
        int result = new HexDecoder().decode("00112233445566778899aabbccddeeZf", 0, 32, new byte[16], 0);
        assertEquals(30, HexDecoder.errorIndex(result));
        assertEquals(0, HexDecoder.errorIndex(new HexDecoder().decode("zz", 0, 2, dst, 0)));
        assertEquals(3, HexDecoder.errorIndex(new HexDecoder().decode("abc", 0, 3, dst, 0)));
    }

    private static void expectError(int got, int index, String path, int n, int p, int c) {
        if (got != ~index) {
            fail(path + " on U+" + HexFormat.of().toHexDigits((char) c) + " at " + p + " of " + n
                    + ": got " + got + ", want " + ~index);
        }
    }
}

package dev.bliss.bot.hex;

import dev.bliss.bot.hex.HexInputs.CaseMix;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

import static dev.bliss.bot.hex.HexInputs.lowBytes;
import static dev.bliss.bot.hex.HexInputs.randomHex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Valid input of every length 0–256 and every case mix decodes exactly as
 * {@link HexFormat#parseHex} and {@link HexFormat#fromHexDigitsToLong} do, through every entry
 * point, inside a larger source (from/to respected) and into a larger destination (nothing
 * written outside the range).
 */
class HexDecoderMatchesHexFormatTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final int INPUTS_PER_LENGTH_AND_MIX = 6;
    private static final String JUNK = "xG \u0130z";
    private static final byte SENTINEL = 0x5A;
    private static final long LONG_SENTINEL = 0x5A5A_5A5A_5A5A_5A5AL;

    private final HexDecoder decoder = new HexDecoder();
    private final Random random = new Random(20260501);

    @Test
    void shouldDecodeEveryEvenLengthAndCaseMixToHexFormatBytes() {
        for (int n = 0; n <= 256; n += 2) {
            for (CaseMix mix : CaseMix.values()) {
                for (int k = 0; k < INPUTS_PER_LENGTH_AND_MIX; k++) {
                    assertBytesMatchHexFormat(randomHex(n, mix, random));
                }
            }
        }
    }

    @Test
    void shouldDecodeEveryEvenLengthAndCaseMixToHexFormatLongs() {
        for (int n = 0; n <= 256; n += 2) {
            for (CaseMix mix : CaseMix.values()) {
                for (int k = 0; k < INPUTS_PER_LENGTH_AND_MIX; k++) {
                    assertLongsMatchHexFormat(randomHex(n, mix, random));
                }
            }
        }
    }

    @Test
    void shouldDecodeEveryByteValueFromEitherCase() {
        for (int b = 0; b < 256; b++) {
            String lower = HEX.toHexDigits((byte) b);
            assertBytesMatchHexFormat(lower.repeat(8));
            assertBytesMatchHexFormat(lower.toUpperCase().repeat(8));
            assertBytesMatchHexFormat(lower);
        }
    }

    @Test
    void shouldDecodeKnownFingerprintLengths() {
        // JA4 parts (12), dimension keys (16), JA3 and trace ids (32).
        assertArrayEquals(new long[] {0x8daaf6152771L},
                longs("t13d1516h2_8daaf6152771_e5627efa2ab1", 11, 23, 1));
        assertArrayEquals(new long[] {0xE5627EFA2AB1L},
                longs("t13d1516h2_8daaf6152771_E5627EFA2AB1", 24, 36, 1));
        assertArrayEquals(new long[] {0x0123456789abcdefL}, longs("0123456789ABCDEF", 0, 16, 1));
        assertArrayEquals(new long[] {0xcd9f8dd0e6ef1a2cL, 0x2f94d6a2e6bd2f43L},
                longs("cd9f8dd0e6ef1a2c2f94d6a2e6bd2f43", 0, 32, 2));
        assertArrayEquals(new long[] {-1L, -1L}, longs("ffffffffffffffffFFFFFFFFFFFFFFFF", 0, 32, 2));
    }

    private long[] longs(String s, int from, int to, int count) {
        long[] out = new long[count];
        assertEquals(count, decoder.decodeLongs(s, from, to, out, 0));
        long[] viaBytes = new long[count];
        assertEquals(count, decoder.decodeLongs(lowBytes(s), from, to, viaBytes, 0));
        assertArrayEquals(out, viaBytes);
        return out;
    }

    private void assertBytesMatchHexFormat(String hex) {
        byte[] expected = HEX.parseHex(hex);
        int n = hex.length();
        String prefix = JUNK.substring(0, random.nextInt(JUNK.length() + 1));
        String embedded = prefix + hex + JUNK.substring(random.nextInt(JUNK.length() + 1));
        int from = prefix.length();
        int to = from + n;
        byte[] embeddedBytes = lowBytes(embedded);
        int dstOffset = random.nextInt(4);
        String what = "\"" + hex + "\" at " + from + ", dst offset " + dstOffset;

        byte[] dst = freshDst(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decode(embeddedBytes, from, to, dst, dstOffset), what);
        assertDst(expected, dst, dstOffset, "HexDecoder byte[] " + what);

        dst = freshDst(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decode(embedded, from, to, dst, dstOffset), what);
        assertDst(expected, dst, dstOffset, "HexDecoder String " + what);

        dst = freshDst(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decode(new StringBuilder(embedded), from, to, dst, dstOffset), what);
        assertDst(expected, dst, dstOffset, "HexDecoder StringBuilder " + what);

        dst = freshDst(expected.length, dstOffset);
        assertEquals(expected.length, TableHexDecoder.decode(embeddedBytes, from, to, dst, dstOffset), what);
        assertDst(expected, dst, dstOffset, "TableHexDecoder byte[] " + what);

        dst = freshDst(expected.length, dstOffset);
        assertEquals(expected.length, TableHexDecoder.decode(embedded, from, to, dst, dstOffset), what);
        assertDst(expected, dst, dstOffset, "TableHexDecoder String " + what);
    }

    private void assertLongsMatchHexFormat(String hex) {
        int n = hex.length();
        long[] expected = new long[(n + 15) / 16];
        for (int g = 0; g < expected.length; g++) {
            expected[g] = HEX.fromHexDigitsToLong(hex, g * 16, Math.min(g * 16 + 16, n));
        }
        String prefix = JUNK.substring(0, random.nextInt(JUNK.length() + 1));
        String embedded = prefix + hex + JUNK.substring(random.nextInt(JUNK.length() + 1));
        int from = prefix.length();
        int to = from + n;
        byte[] embeddedBytes = lowBytes(embedded);
        int dstOffset = random.nextInt(3);
        String what = "\"" + hex + "\" at " + from + ", dst offset " + dstOffset;

        long[] dst = freshLongs(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decodeLongs(embeddedBytes, from, to, dst, dstOffset), what);
        assertLongs(expected, dst, dstOffset, "HexDecoder byte[] " + what);

        dst = freshLongs(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decodeLongs(embedded, from, to, dst, dstOffset), what);
        assertLongs(expected, dst, dstOffset, "HexDecoder String " + what);

        dst = freshLongs(expected.length, dstOffset);
        assertEquals(expected.length, decoder.decodeLongs(new StringBuilder(embedded), from, to, dst, dstOffset), what);
        assertLongs(expected, dst, dstOffset, "HexDecoder StringBuilder " + what);

        dst = freshLongs(expected.length, dstOffset);
        assertEquals(expected.length, TableHexDecoder.decodeLongs(embeddedBytes, from, to, dst, dstOffset), what);
        assertLongs(expected, dst, dstOffset, "TableHexDecoder byte[] " + what);

        dst = freshLongs(expected.length, dstOffset);
        assertEquals(expected.length, TableHexDecoder.decodeLongs(embedded, from, to, dst, dstOffset), what);
        assertLongs(expected, dst, dstOffset, "TableHexDecoder String " + what);
    }

    private static byte[] freshDst(int length, int offset) {
        byte[] dst = new byte[offset + length + 3];
        Arrays.fill(dst, SENTINEL);
        return dst;
    }

    private static long[] freshLongs(int length, int offset) {
        long[] dst = new long[offset + length + 2];
        Arrays.fill(dst, LONG_SENTINEL);
        return dst;
    }

    private static void assertDst(byte[] expected, byte[] dst, int offset, String what) {
        assertArrayEquals(expected, Arrays.copyOfRange(dst, offset, offset + expected.length), what);
        for (int i = 0; i < dst.length; i++) {
            if (i < offset || i >= offset + expected.length) {
                assertEquals(SENTINEL, dst[i], "written outside the range at " + i + ": " + what);
            }
        }
    }

    private static void assertLongs(long[] expected, long[] dst, int offset, String what) {
        assertArrayEquals(expected, Arrays.copyOfRange(dst, offset, offset + expected.length), what);
        for (int i = 0; i < dst.length; i++) {
            if (i < offset || i >= offset + expected.length) {
                assertEquals(LONG_SENTINEL, dst[i], "written outside the range at " + i + ": " + what);
            }
        }
    }
}

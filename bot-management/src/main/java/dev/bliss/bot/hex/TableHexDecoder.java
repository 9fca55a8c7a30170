package dev.bliss.bot.hex;

import java.util.Objects;

/**
 * Decodes hex digits one character at a time through a 256-entry table.
 *
 * <p>The scalar decoder: {@link HexDecoder} falls back to it for short inputs and where the
 * Vector API cannot run, and benchmarks measure the vector kernel against it. Use
 * {@link HexDecoder} unless you need the scalar path on purpose.
 *
 * <p><b>Results.</b> Same convention as {@link HexDecoder}: the number of values written, or
 * {@code ~i} (that is {@code -(i + 1)}) where {@code i} is the index in {@code src} of the first
 * character that is not a hex digit, or {@code toIndex} when every character is a digit but
 * their count is odd. On an error result the destination range may be partly written.
 * Out-of-range indexes are programming errors and throw {@link IndexOutOfBoundsException}.
 *
 * <p><b>Threads and allocation.</b> Stateless and thread-safe; allocates nothing.
 */
public final class TableHexDecoder {

    /** Digit value 0..15 per byte value, -1 for everything else; indexed by {@code b & 0xFF}. */
    private static final byte[] NIBBLE = nibbleTable();

    private TableHexDecoder() {
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into {@code dst} from {@code dstOffset}.
     *
     * @return the number of bytes written ({@code (toIndex - fromIndex) / 2}), or {@code ~i} for
     *         the first bad index {@code i} (see the class comment)
     */
    public static int decode(byte[] src, int fromIndex, int toIndex, byte[] dst, int dstOffset) {
        Objects.checkFromToIndex(fromIndex, toIndex, src.length);
        int n = toIndex - fromIndex;
        Objects.checkFromIndexSize(dstOffset, n >>> 1, dst.length);
        if ((n & 1) != 0) {
            return error(src, fromIndex, toIndex);
        }
        // Invalid digits are -1, so OR-ing every digit into one int leaves the sign bit as the
        // only check: one test after the loop instead of a branch per character.
        int seen = 0;
        for (int i = fromIndex, o = dstOffset; i < toIndex; i += 2, o++) {
            int hi = NIBBLE[src[i] & 0xFF];
            int lo = NIBBLE[src[i + 1] & 0xFF];
            seen |= hi | lo;
            dst[o] = (byte) (hi << 4 | lo);
        }
        return seen >= 0 ? n >>> 1 : error(src, fromIndex, toIndex);
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into {@code dst} from {@code dstOffset}. A char
     * above U+00FF is never a digit, whatever its low byte.
     *
     * @return as {@link #decode(byte[], int, int, byte[], int)}
     */
    public static int decode(CharSequence src, int fromIndex, int toIndex, byte[] dst, int dstOffset) {
        Objects.checkFromToIndex(fromIndex, toIndex, src.length());
        int n = toIndex - fromIndex;
        Objects.checkFromIndexSize(dstOffset, n >>> 1, dst.length);
        if ((n & 1) != 0) {
            return error(src, fromIndex, toIndex);
        }
        int seen = 0;
        for (int i = fromIndex, o = dstOffset; i < toIndex; i += 2, o++) {
            int hi = digit(src.charAt(i));
            int lo = digit(src.charAt(i + 1));
            seen |= hi | lo;
            dst[o] = (byte) (hi << 4 | lo);
        }
        return seen >= 0 ? n >>> 1 : error(src, fromIndex, toIndex);
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into big-endian 64-bit values: every 16 characters
     * make one {@code long}; a shorter last group makes one more, right-aligned (12 characters
     * give a 48-bit value, as {@link java.util.HexFormat#fromHexDigitsToLong} would).
     *
     * @return the number of longs written ({@code ceil((toIndex - fromIndex) / 16)}), or
     *         {@code ~i} for the first bad index {@code i}
     */
    public static int decodeLongs(byte[] src, int fromIndex, int toIndex, long[] dst, int dstOffset) {
        Objects.checkFromToIndex(fromIndex, toIndex, src.length);
        int n = toIndex - fromIndex;
        int count = (n + 15) >>> 4;
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        if ((n & 1) != 0) {
            return error(src, fromIndex, toIndex);
        }
        int seen = 0;
        for (int i = fromIndex, o = dstOffset; i < toIndex; o++) {
            int end = Math.min(i + 16, toIndex);
            long value = 0;
            for (; i < end; i++) {
                int d = NIBBLE[src[i] & 0xFF];
                seen |= d;
                value = value << 4 | d;
            }
            dst[o] = value;
        }
        return seen >= 0 ? count : error(src, fromIndex, toIndex);
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into big-endian 64-bit values, grouped as
     * {@link #decodeLongs(byte[], int, int, long[], int)} does.
     *
     * @return as {@link #decodeLongs(byte[], int, int, long[], int)}
     */
    public static int decodeLongs(CharSequence src, int fromIndex, int toIndex, long[] dst, int dstOffset) {
        Objects.checkFromToIndex(fromIndex, toIndex, src.length());
        int n = toIndex - fromIndex;
        int count = (n + 15) >>> 4;
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        if ((n & 1) != 0) {
            return error(src, fromIndex, toIndex);
        }
        int seen = 0;
        for (int i = fromIndex, o = dstOffset; i < toIndex; o++) {
            int end = Math.min(i + 16, toIndex);
            long value = 0;
            for (; i < end; i++) {
                int d = digit(src.charAt(i));
                seen |= d;
                value = value << 4 | d;
            }
            dst[o] = value;
        }
        return seen >= 0 ? count : error(src, fromIndex, toIndex);
    }

    /**
     * The value of a hex digit, or -1. A char above 0xFF must not reach the table through its low
     * byte (U+0130 would read as '0'), so {@code (0xFF - c) >> 31}, all ones exactly for those
     * chars, forces -1 without a branch.
     */
    static int digit(char c) {
        return NIBBLE[c & 0xFF] | ((0xFF - c) >> 31);
    }

    /**
     * The error result for a range known to be bad: {@code ~i} for the first non-digit, else
     * {@code ~toIndex} (odd count). Only the failure path scans twice.
     */
    static int error(byte[] src, int fromIndex, int toIndex) {
        for (int i = fromIndex; i < toIndex; i++) {
            if (NIBBLE[src[i] & 0xFF] < 0) {
                return ~i;
            }
        }
        return ~toIndex;
    }

    /** As {@link #error(byte[], int, int)}, for chars. */
    static int error(CharSequence src, int fromIndex, int toIndex) {
        for (int i = fromIndex; i < toIndex; i++) {
            if (digit(src.charAt(i)) < 0) {
                return ~i;
            }
        }
        return ~toIndex;
    }

    private static byte[] nibbleTable() {
        byte[] table = new byte[256];
        java.util.Arrays.fill(table, (byte) -1);
        for (int d = 0; d < 10; d++) {
            table['0' + d] = (byte) d;
        }
        for (int d = 0; d < 6; d++) {
            table['a' + d] = (byte) (10 + d);
            table['A' + d] = (byte) (10 + d);
        }
        return table;
    }
}

package dev.bliss.bot.hex;

import java.util.Objects;

/**
 * Decodes ASCII hex digits (upper or lower case) into bytes or big-endian 64-bit values,
 * validating in the same pass, with the Java Vector API where it can.
 *
 * <p><b>Results.</b> Every method returns the number of values written, or a negative result
 * {@code ~i} (that is {@code -(i + 1)}; {@link #errorIndex(int)} recovers {@code i}) where
 * {@code i} is the index in {@code src} of the first character that is not a hex digit, or
 * {@code toIndex} when every character is a digit but their count is odd. Non-hex input is an
 * expected outcome, so it is a result, not an exception; on an error result the destination
 * range may be partly written. Out-of-range indexes are programming errors and throw
 * {@link IndexOutOfBoundsException}. Source and destination must not overlap.
 *
 * <p><b>Which code runs.</b> Decided once, when this class loads ({@link #implementation()}):
 * <ul>
 *   <li>the vector kernel, when {@code jdk.incubator.vector} is in the boot layer
 *       ({@code --add-modules jdk.incubator.vector}) and the CPU offers 256-bit vectors
 *       (AVX2 or better), for inputs of 16 characters and more (32 for {@code byte[]} to
 *       {@code byte[]}); a tail shorter than a step is decoded by an overlapping last step
 *       rather than scalar code. {@code CharSequence} input
 *       is copied to a scratch {@code char[]} ({@code getChars}, no allocation) 64 chars at a
 *       time and narrowed inside the kernel, where a char above U+00FF becomes 0xFF;
 *   <li>{@link TableHexDecoder} otherwise, and for shorter inputs (a 12-character JA4 part): a
 *       step must stay inside the range.
 * </ul>
 * Both give identical results for every input.
 *
 * <p><b>Characters.</b> A {@link CharSequence} char above U+00FF is never a digit, whatever its
 * low byte (U+0130 does not pass as '0'). Bytes are taken as unsigned: 0x80..0xFF are not digits.
 *
 * <p><b>Threads and allocation.</b> An instance owns a 64-char scratch buffer for
 * {@code CharSequence} input, so it belongs to one thread: make one per event loop. The
 * {@code byte[]} methods do not touch it. Nothing is allocated per call once C2 has compiled
 * the vector kernel; until then (the first 10^4–10^5 calls) the Vector API runs interpreted,
 * about 100x slower and allocating, so call {@link #warmUp()} at startup.
 */
public final class HexDecoder {

    /**
     * Shortest input for the kernel: one step's worth, since a step may not read outside the
     * range. {@code byte[]} to {@code byte[]} steps are 32 characters; the others 16 (see
     * {@code VectorHexDecoder} for why one width per entry point).
     */
    private static final int VECTOR_MIN_CHARS = 16;
    private static final int VECTOR_MIN_BYTES_TO_BYTES = 32;
    /** Chars copied per step for CharSequence input; a multiple of 16, so long groups align. */
    private static final int CHUNK = 64;

    private static final boolean VECTORIZED;
    private static final String IMPLEMENTATION;

    static {
        // VectorHexDecoder is only touched inside the branch: without the module, loading it
        // throws NoClassDefFoundError, and this class must load regardless.
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            VECTORIZED = false;
            IMPLEMENTATION = "table (jdk.incubator.vector is not in the boot layer; run with --add-modules jdk.incubator.vector)";
        } else {
            int bits = VectorHexDecoder.preferredBits();
            VECTORIZED = bits >= 256;
            IMPLEMENTATION = VECTORIZED
                    ? "vector (16- and 32-character steps; C2 prefers " + bits + "-bit vectors)"
                    : "table (the CPU's preferred vector is " + bits + "-bit; the kernel needs 256)";
        }
    }

    private final char[] chars = new char[CHUNK];

    /** A decoder for the calling thread. Cheap; make one per event loop and keep it. */
    public HexDecoder() {
    }

    /** Whether the vector kernel is in use in this JVM. */
    public static boolean isVectorized() {
        return VECTORIZED;
    }

    /** Which decoder runs and why, for a startup log line. */
    public static String implementation() {
        return IMPLEMENTATION;
    }

    /** The index a negative result points at: {@code ~result}. */
    public static int errorIndex(int result) {
        return ~result;
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} (ASCII, e.g. raw header bytes) into {@code dst}
     * from {@code dstOffset}.
     *
     * @return the number of bytes written ({@code (toIndex - fromIndex) / 2}), or {@code ~i} for
     *         the first bad index {@code i} (see the class comment)
     */
    public int decode(byte[] src, int fromIndex, int toIndex, byte[] dst, int dstOffset) {
        int n = toIndex - fromIndex;
        if (!VECTORIZED || n < VECTOR_MIN_BYTES_TO_BYTES || (n & 1) != 0) {
            return TableHexDecoder.decode(src, fromIndex, toIndex, dst, dstOffset);
        }
        Objects.checkFromToIndex(fromIndex, toIndex, src.length);
        Objects.checkFromIndexSize(dstOffset, n >>> 1, dst.length);
        return VectorHexDecoder.decode(src, fromIndex, toIndex, dst, dstOffset)
                ? n >>> 1
                : TableHexDecoder.error(src, fromIndex, toIndex);
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into {@code dst} from {@code dstOffset}.
     *
     * @return as {@link #decode(byte[], int, int, byte[], int)}
     */
    public int decode(CharSequence src, int fromIndex, int toIndex, byte[] dst, int dstOffset) {
        int n = toIndex - fromIndex;
        if (!VECTORIZED || n < VECTOR_MIN_CHARS || (n & 1) != 0) {
            return TableHexDecoder.decode(src, fromIndex, toIndex, dst, dstOffset);
        }
        Objects.checkFromToIndex(fromIndex, toIndex, src.length());
        Objects.checkFromIndexSize(dstOffset, n >>> 1, dst.length);
        for (int i = fromIndex, o = dstOffset; i < toIndex; ) {
            int chunk = chunk(toIndex - i);
            src.getChars(i, i + chunk, chars, 0);
            if (!VectorHexDecoder.decode(chars, chunk, dst, o)) {
                return TableHexDecoder.error(src, fromIndex, toIndex);
            }
            i += chunk;
            o += chunk >>> 1;
        }
        return n >>> 1;
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into big-endian 64-bit values: every 16 characters
     * make one {@code long}, and a shorter last group one more, right-aligned (12 characters give
     * a 48-bit value, as {@link java.util.HexFormat#fromHexDigitsToLong} would). 32 characters
     * (JA3) give two longs.
     *
     * @return the number of longs written ({@code ceil((toIndex - fromIndex) / 16)}), or
     *         {@code ~i} for the first bad index {@code i}
     */
    public int decodeLongs(byte[] src, int fromIndex, int toIndex, long[] dst, int dstOffset) {
        int n = toIndex - fromIndex;
        if (!VECTORIZED || n < VECTOR_MIN_CHARS || (n & 1) != 0) {
            return TableHexDecoder.decodeLongs(src, fromIndex, toIndex, dst, dstOffset);
        }
        Objects.checkFromToIndex(fromIndex, toIndex, src.length);
        int count = (n + 15) >>> 4;
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        return VectorHexDecoder.decodeLongs(src, fromIndex, toIndex, dst, dstOffset)
                ? count
                : TableHexDecoder.error(src, fromIndex, toIndex);
    }

    /**
     * Decodes {@code src[fromIndex, toIndex)} into big-endian 64-bit values, grouped as
     * {@link #decodeLongs(byte[], int, int, long[], int)} does.
     *
     * @return as {@link #decodeLongs(byte[], int, int, long[], int)}
     */
    public int decodeLongs(CharSequence src, int fromIndex, int toIndex, long[] dst, int dstOffset) {
        int n = toIndex - fromIndex;
        if (!VECTORIZED || n < VECTOR_MIN_CHARS || (n & 1) != 0) {
            return TableHexDecoder.decodeLongs(src, fromIndex, toIndex, dst, dstOffset);
        }
        Objects.checkFromToIndex(fromIndex, toIndex, src.length());
        int count = (n + 15) >>> 4;
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        for (int i = fromIndex, o = dstOffset; i < toIndex; ) {
            int chunk = chunk(toIndex - i);
            src.getChars(i, i + chunk, chars, 0);
            if (!VectorHexDecoder.decodeLongs(chars, chunk, dst, o)) {
                return TableHexDecoder.error(src, fromIndex, toIndex);
            }
            i += chunk;
            o += chunk >>> 4;
        }
        return count;
    }

    /**
     * How many of the {@code remaining} (even, at least 16) chars to copy next: all when they
     * fit, else a multiple of 16 that leaves either nothing or at least 16 for the next step,
     * since every step needs 16 and long groups must start at multiples of 16.
     */
    private static int chunk(int remaining) {
        if (remaining <= CHUNK) {
            return remaining;
        }
        return remaining < CHUNK + 16 ? CHUNK - 16 : CHUNK;
    }

    /**
     * Runs every path until C2 has compiled it, so that requests do not pay for interpreted
     * vector code (about 100x slower, and allocating). Call once at startup, on any thread, before
     * traffic. It stops once calls to the decoder have allocated nothing for a quarter of a
     * second: typically under a second on an idle 2-core machine, a few seconds on a busy one
     * (most of it waiting for the JIT), at most about 10 s. Quick when the
     * vector kernel is not in use.
     *
     * @return true if every path was seen running allocation-free; false if that did not happen
     *         in time (C2 disabled or starved, e.g. {@code -XX:TieredStopAtLevel=1}) or cannot be
     *         measured on this JVM: worth a warning in the log, decoding stays correct
     */
    public static boolean warmUp() {
        return HexWarmUp.run();
    }
}

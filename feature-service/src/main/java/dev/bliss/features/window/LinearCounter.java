package dev.bliss.features.window;

/**
 * A linear-counting bitmap of {@link #BITS} bits (Whang et al., 1990) kept in
 * {@link #INTS} ints of a caller's array: each value sets one bit chosen by its hash, and the
 * number of distinct values is estimated from the bits still clear, {@code m ln(m / zeros)}.
 *
 * <p>Size and error: 32 bytes; standard error {@code sqrt(m (e^t - t - 1)) / n} with
 * {@code t = n / m}: about 4.5% up to 100 values (4.6% at 50), 5.5% at 300, 6.5% at 500, 11% at
 * 1,000; the estimate saturates near {@code m ln m} ≈ 1,420 values (a key that has seen that
 * many is "very many").
 * Sized for per-client cardinalities (user agents or paths of one address), which are small.
 *
 * <p>Static methods over {@code int[]} slices: no allocation, no state of its own.
 */
public final class LinearCounter {

    /** Bits in the bitmap (m). */
    public static final int BITS = 256;
    /** Ints the bitmap occupies. */
    public static final int INTS = BITS / Integer.SIZE;

    private static final int INDEX_SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(BITS);

    private LinearCounter() {
    }

    /** Adds a value by its 64-bit hash (well mixed: the top bits choose the bit). */
    public static void add(int[] words, int offset, long hash) {
        int bit = (int) (hash >>> INDEX_SHIFT);
        words[offset + (bit >>> 5)] |= 1 << bit;
    }

    /** Estimated distinct values of one bitmap. */
    public static double estimate(int[] words, int offset) {
        int set = 0;
        for (int i = 0; i < INTS; i++) {
            set += Integer.bitCount(words[offset + i]);
        }
        return fromSetBits(set);
    }

    /** Estimated distinct values of the union of two bitmaps. */
    public static double estimateUnion(int[] a, int offsetA, int[] b, int offsetB) {
        int set = 0;
        for (int i = 0; i < INTS; i++) {
            set += Integer.bitCount(a[offsetA + i] | b[offsetB + i]);
        }
        return fromSetBits(set);
    }

    private static double fromSetBits(int set) {
        int zeros = Math.max(1, BITS - set);
        return BITS * Math.log((double) BITS / zeros);
    }
}

package dev.bliss.features.window;

/**
 * A HyperLogLog sketch (Flajolet et al., 2007) of {@link #REGISTERS} four-bit registers kept in
 * {@link #INTS} ints of a caller's array. The top seven bits of a value's hash choose a register,
 * which keeps the highest rank (position of the first set bit in the remaining bits, capped at
 * 15) it has seen. Below {@code 2.5 m} values the estimate is linear counting over the empty
 * registers, above it the harmonic-mean estimator.
 *
 * <p>Size and error: 64 bytes; standard error about 1.04/sqrt(128) = 9.2% for large counts, and
 * that of linear counting over 128 registers for small ones (about 6.7% at 50 values); four-bit
 * registers cap the estimate near 3 million. Used for distinct client addresses per key, which
 * can be large (every address behind one JA4 fingerprint or one user agent).
 *
 * <p>Static methods over {@code int[]} slices: no allocation, no state of its own.
 */
public final class HyperLogLog {

    /** Registers (m). */
    public static final int REGISTERS = 128;
    /** Ints the registers occupy (eight per int). */
    public static final int INTS = REGISTERS / 8;

    private static final int INDEX_BITS = 7;
    private static final int MAX_RANK = 15;
    private static final double ALPHA = 0.7213 / (1 + 1.079 / REGISTERS);

    private HyperLogLog() {
    }

    /** Adds a value by its 64-bit hash (well mixed). */
    public static void add(int[] words, int offset, long hash) {
        int register = (int) (hash >>> (Long.SIZE - INDEX_BITS));
        int rank = Math.min(MAX_RANK, Long.numberOfLeadingZeros(hash << INDEX_BITS | 1L << (INDEX_BITS - 1)) + 1);
        int at = offset + (register >>> 3);
        int shift = (register & 7) << 2;
        int current = words[at] >>> shift & 0xF;
        if (rank > current) {
            words[at] = words[at] & ~(0xF << shift) | rank << shift;
        }
    }

    /** Estimated distinct values of one sketch. */
    public static double estimate(int[] words, int offset) {
        return estimateUnion(words, offset, words, offset);
    }

    /** Estimated distinct values of the union of two sketches (register-wise maximum). */
    public static double estimateUnion(int[] a, int offsetA, int[] b, int offsetB) {
        double sum = 0;
        int zeros = 0;
        for (int i = 0; i < INTS; i++) {
            int wa = a[offsetA + i];
            int wb = b[offsetB + i];
            for (int shift = 0; shift < Integer.SIZE; shift += 4) {
                int r = Math.max(wa >>> shift & 0xF, wb >>> shift & 0xF);
                sum += Double.longBitsToDouble((long) (1023 - r) << 52); // 2^-r, exactly
                zeros += r == 0 ? 1 : 0;
            }
        }
        double raw = ALPHA * REGISTERS * REGISTERS / sum;
        if (raw <= 2.5 * REGISTERS && zeros > 0) {
            return REGISTERS * Math.log((double) REGISTERS / zeros);
        }
        return raw;
    }
}

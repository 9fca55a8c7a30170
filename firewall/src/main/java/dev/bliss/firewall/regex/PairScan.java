package dev.bliss.firewall.regex;

import java.util.ArrayList;
import java.util.List;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Finds, 32 bytes at a time, the first position whose two bytes {@code (a[i], a[i+1])} are one of
 * a set of pairs: the two-byte prefixes of a regex's matches, or the first two bytes of a
 * {@code contains} needle. Everything else is skipped with a few vector compares, so the exact
 * (slower) check runs only where a match can start.
 *
 * <p>Kernels have a fixed shape, because C2 compiles a handful of Vector API calls into a few
 * instructions but stops inlining (and then boxes, and is slower than scalar code) when a method
 * holds many of them or loops over them:
 * <pre>
 *   Needle   a[i] == x  and  a[i+1] == y                         (exact)
 *   Both     a[i]|0x20 ∈ {4 values}  and  a[i+1]|0x20 ∈ {4 values}, then the exact pair table
 *   First    a[i]|0x20 ∈ {4 values}, then the exact pair table
 *   Second   a[i+1]|0x20 ∈ {4 values}, then the exact pair table
 * </pre>
 * OR-ing 0x20 maps both ASCII cases of a letter to one value (and a few other bytes onto each
 * other, which the exact table then rejects). Masks leave the vector unit as {@code long}s, so
 * the scan allocates nothing. Immutable, thread-safe.
 */
public abstract sealed class PairScan permits PairScan.Needle, PairScan.Both, PairScan.First, PairScan.Second {

    static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_256;
    static final int LANES = SPECIES.length();
    /**
     * Whether the CPU runs 256-bit byte vectors natively. Elsewhere (no AVX2, 128-bit NEON) the
     * Vector API would fall back to Java code that allocates and is slower than a plain loop, so
     * the scan stays scalar there.
     */
    static final boolean VECTORIZED = ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
    private static final int MAX_VALUES = 4;

    /** Exact pair table: bit b1 of row b0; null rows have no pair. */
    final long[][] pairs;

    PairScan(long[][] pairs) {
        this.pairs = pairs;
    }

    /** The scan for a needle's first two bytes. */
    public static PairScan ofNeedle(byte first, byte second) {
        long[][] pairs = new long[256][];
        pairs[first & 0xFF] = Bits.of(second & 0xFF);
        return new Needle(pairs, first, second);
    }

    /**
     * The scan for a set of pairs given as a first-byte → second-byte-set table (null rows: no
     * pair starts with that byte), or null when no kernel can filter it.
     */
    static PairScan ofPairs(long[][] secondByFirst) {
        long[] firsts = new long[4];
        long[] seconds = new long[4];
        for (int b = 0; b < 256; b++) {
            if (secondByFirst[b] != null) {
                firsts[b >>> 6] |= 1L << b;
                Bits.addAll(seconds, secondByFirst[b]);
            }
        }
        byte[] f = folded(firsts);
        byte[] s = folded(seconds);
        if (f != null && s != null) {
            return new Both(secondByFirst, f, s);
        }
        if (f != null) {
            return new First(secondByFirst, f);
        }
        if (s != null) {
            return new Second(secondByFirst, s);
        }
        return null;
    }

    /** The distinct values of {@code b | 0x20} over a set, padded to four; null when more. */
    private static byte[] folded(long[] set) {
        List<Integer> values = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            if (Bits.contains(set, b) && !values.contains(b | 0x20)) {
                values.add(b | 0x20);
            }
        }
        if (values.isEmpty() || values.size() > MAX_VALUES) {
            return null;
        }
        byte[] out = new byte[MAX_VALUES];
        for (int i = 0; i < MAX_VALUES; i++) {
            out[i] = (byte) (int) values.get(Math.min(i, values.size() - 1));
        }
        return out;
    }

    /** Whether {@code (b0, b1)} is one of the pairs. */
    public final boolean isPair(byte b0, byte b1) {
        long[] row = pairs[b0 & 0xFF];
        return row != null && (row[(b1 & 0xFF) >>> 6] & (1L << b1)) != 0;
    }

    /**
     * The first {@code i} in {@code [from, length - 1)} where {@code (a[i], a[i+1])} is a pair, or
     * -1. Reads no byte at or past {@code a.length}; may read bytes of {@code a} past
     * {@code length}, which do not count.
     */
    public final int next(byte[] a, int from, int length) {
        int limit = length - 1; // the last position that has a second byte
        int i = from;
        while (VECTORIZED && i < limit && i + LANES + 1 <= a.length) {
            long candidates = candidates(a, i);
            int valid = limit - i;
            if (valid < LANES) {
                candidates &= (1L << valid) - 1;
            }
            while (candidates != 0) {
                int k = i + Long.numberOfTrailingZeros(candidates);
                if (isPair(a[k], a[k + 1])) {
                    return k;
                }
                candidates &= candidates - 1;
            }
            i += LANES;
        }
        for (; i < limit; i++) {
            if (isPair(a[i], a[i + 1])) {
                return i;
            }
        }
        return -1;
    }

    /** Lane mask of positions {@code i .. i+31} that may hold a pair (a superset). */
    abstract long candidates(byte[] a, int i);

    static final class Needle extends PairScan {
        private final byte x;
        private final byte y;

        Needle(long[][] pairs, byte x, byte y) {
            super(pairs);
            this.x = x;
            this.y = y;
        }

        @Override
        long candidates(byte[] a, int i) {
            return ByteVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, x).toLong()
                    & ByteVector.fromArray(SPECIES, a, i + 1).compare(VectorOperators.EQ, y).toLong();
        }
    }

    static final class Both extends PairScan {
        private final byte x0;
        private final byte x1;
        private final byte x2;
        private final byte x3;
        private final byte y0;
        private final byte y1;
        private final byte y2;
        private final byte y3;

        Both(long[][] pairs, byte[] x, byte[] y) {
            super(pairs);
            x0 = x[0];
            x1 = x[1];
            x2 = x[2];
            x3 = x[3];
            y0 = y[0];
            y1 = y[1];
            y2 = y[2];
            y3 = y[3];
        }

        @Override
        long candidates(byte[] a, int i) {
            ByteVector f0 = ByteVector.fromArray(SPECIES, a, i).or((byte) 0x20);
            ByteVector f1 = ByteVector.fromArray(SPECIES, a, i + 1).or((byte) 0x20);
            long first = f0.compare(VectorOperators.EQ, x0).toLong() | f0.compare(VectorOperators.EQ, x1).toLong()
                    | f0.compare(VectorOperators.EQ, x2).toLong() | f0.compare(VectorOperators.EQ, x3).toLong();
            long second = f1.compare(VectorOperators.EQ, y0).toLong() | f1.compare(VectorOperators.EQ, y1).toLong()
                    | f1.compare(VectorOperators.EQ, y2).toLong() | f1.compare(VectorOperators.EQ, y3).toLong();
            return first & second;
        }
    }

    static final class First extends PairScan {
        private final byte x0;
        private final byte x1;
        private final byte x2;
        private final byte x3;

        First(long[][] pairs, byte[] x) {
            super(pairs);
            x0 = x[0];
            x1 = x[1];
            x2 = x[2];
            x3 = x[3];
        }

        @Override
        long candidates(byte[] a, int i) {
            ByteVector f0 = ByteVector.fromArray(SPECIES, a, i).or((byte) 0x20);
            return f0.compare(VectorOperators.EQ, x0).toLong() | f0.compare(VectorOperators.EQ, x1).toLong()
                    | f0.compare(VectorOperators.EQ, x2).toLong() | f0.compare(VectorOperators.EQ, x3).toLong();
        }
    }

    static final class Second extends PairScan {
        private final byte y0;
        private final byte y1;
        private final byte y2;
        private final byte y3;

        Second(long[][] pairs, byte[] y) {
            super(pairs);
            y0 = y[0];
            y1 = y[1];
            y2 = y[2];
            y3 = y[3];
        }

        @Override
        long candidates(byte[] a, int i) {
            ByteVector f1 = ByteVector.fromArray(SPECIES, a, i + 1).or((byte) 0x20);
            return f1.compare(VectorOperators.EQ, y0).toLong() | f1.compare(VectorOperators.EQ, y1).toLong()
                    | f1.compare(VectorOperators.EQ, y2).toLong() | f1.compare(VectorOperators.EQ, y3).toLong();
        }
    }
}

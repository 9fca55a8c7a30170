package dev.bliss.features.publish;

import java.util.Arrays;

/**
 * The feature vectors of every active key at one moment, per dimension: what one snapshot will
 * contain. The aggregator fills a frame, the publisher writes it to the store and hands it back
 * for reuse (see {@link FrameExchange}), so in steady state no frame is allocated.
 *
 * <pre>
 *  dimension d:  keys[d]    k0 k1 k2 …                  (count(d) of them)
 *                vectors[d] [v0 … vL-1][v0 … vL-1] …    (L = vectorLength(d) floats per key)
 * </pre>
 *
 * <p>Not thread-safe: owned by one thread at a time, handed over through {@link FrameExchange}
 * (whose queues give the happens-before edge).
 */
public final class FeatureFrame {

    private final int[] vectorLengths;
    private final long[][] keys;
    private final float[][] vectors;
    private final int[] counts;
    private long createdAtMillis;
    private long fillNanos;

    public FeatureFrame(int[] vectorLengths) {
        this.vectorLengths = vectorLengths.clone();
        int n = vectorLengths.length;
        this.keys = new long[n][];
        this.vectors = new float[n][];
        this.counts = new int[n];
        for (int d = 0; d < n; d++) {
            keys[d] = new long[64];
            vectors[d] = new float[64 * vectorLengths[d]];
        }
    }

    /** Empties the frame and stamps it with the time its vectors are evaluated at. */
    public void reset(long createdAtMillis) {
        this.createdAtMillis = createdAtMillis;
        Arrays.fill(counts, 0);
    }

    public long createdAtMillis() {
        return createdAtMillis;
    }

    /** How long the aggregator took to fill the frame (chunks and the events folded in between). */
    public long fillNanos() {
        return fillNanos;
    }

    public void fillNanos(long nanos) {
        this.fillNanos = nanos;
    }

    public int dimensionCount() {
        return counts.length;
    }

    public int vectorLength(int dimension) {
        return vectorLengths[dimension];
    }

    /** Keys in {@code dimension}. */
    public int count(int dimension) {
        return counts[dimension];
    }

    /**
     * Appends {@code key} to {@code dimension}.
     *
     * @return where its vector starts in {@link #vectors(int)}; the caller fills it
     */
    public int add(int dimension, long key) {
        int n = counts[dimension];
        if (n == keys[dimension].length) {
            keys[dimension] = Arrays.copyOf(keys[dimension], n * 2);
            vectors[dimension] = Arrays.copyOf(vectors[dimension], n * 2 * vectorLengths[dimension]);
        }
        keys[dimension][n] = key;
        counts[dimension] = n + 1;
        return n * vectorLengths[dimension];
    }

    /** The keys of {@code dimension}; valid up to {@link #count}. */
    public long[] keys(int dimension) {
        return keys[dimension];
    }

    /** The vectors of {@code dimension}, key {@code i}'s at {@code i * vectorLength}. */
    public float[] vectors(int dimension) {
        return vectors[dimension];
    }
}

package dev.bliss.features.publish;

import dev.bliss.store.schema.Aggregation;
import java.util.Arrays;

/**
 * Turns a column of request counts into ranks or quantiles within the dimension, at publish time
 * (Cloudflare's {@code reqs_rank_1h}, {@code ips_quantile_1h}): a rank is 1 for the busiest key
 * and 1 + the number of keys with strictly more requests otherwise; a quantile is the share of
 * the dimension's keys with at most as many requests (the busiest key has 1.0).
 *
 * <p>O(n log n): one sort of (count, index) pairs packed into longs. Reuses its scratch array;
 * publisher thread only.
 */
final class RankByCount {

    private long[] scratch = new long[0];

    /**
     * Replaces column {@code feature} of the first {@code count} vectors of length
     * {@code length}, which holds request counts (non-negative), by ranks or quantiles.
     */
    void apply(float[] vectors, int count, int length, int feature, Aggregation kind) {
        if (count == 0) {
            return;
        }
        if (scratch.length < count) {
            scratch = new long[Math.max(count, scratch.length * 2)];
        }
        long[] pairs = scratch;
        for (int i = 0; i < count; i++) {
            float c = Math.max(0f, vectors[i * length + feature]);
            // a non-negative float's bits order like its value
            pairs[i] = (long) Float.floatToRawIntBits(c) << 32 | i;
        }
        Arrays.sort(pairs, 0, count);
        // walk from the busiest down: keys with equal counts share a rank and a quantile
        int i = count - 1;
        while (i >= 0) {
            int bits = (int) (pairs[i] >>> 32);
            int j = i;
            while (j >= 0 && (int) (pairs[j] >>> 32) == bits) {
                j--;
            }
            float value = kind == Aggregation.RANK_BY_COUNT ? count - i : (float) (i + 1) / count;
            for (int k = i; k > j; k--) {
                vectors[(int) pairs[k] * length + feature] = value;
            }
            i = j;
        }
    }
}

package dev.bliss.training.data;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a data set into training and validation rows by client: all requests of one client
 * ({@code keys.ip}; a request without one is its own client) land on the same side. A split by
 * request would put a scraper's requests on both sides, and the inter-request features (which
 * describe the client) would let validation recognise clients it trained on.
 *
 * <p>A client goes to validation when a seeded hash of its key falls below the fraction, so the
 * split depends on the seed and the keys only, not on row order or hash-map order. The validation
 * share of rows is near the fraction when there are many clients, not exactly it.
 *
 * @param train row indexes for training, ascending
 * @param validation row indexes for validation, ascending
 */
public record ValidationSplit(int[] train, int[] validation) {

    public static ValidationSplit byClient(Dataset data, double fraction, long seed) {
        if (!(fraction >= 0) || fraction >= 1) {
            throw new IllegalArgumentException("validation fraction must be in [0, 1), got " + fraction);
        }
        int[] train = new int[data.rowCount()];
        int[] validation = new int[data.rowCount()];
        int t = 0;
        int v = 0;
        for (int r = 0; r < data.rowCount(); r++) {
            if (unit(data.group(r), seed) < fraction) {
                validation[v++] = r;
            } else {
                train[t++] = r;
            }
        }
        return new ValidationSplit(Arrays.copyOf(train, t), Arrays.copyOf(validation, v));
    }

    /** A seeded hash of {@code key} mapped to [0, 1): FNV-1a over the UTF-8 bytes, then a 64-bit mix. */
    static double unit(String key, long seed) {
        long h = 0xcbf29ce484222325L ^ mix(seed);
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xFF;
            h *= 0x100000001b3L;
        }
        return (mix(h) >>> 11) * 0x1.0p-53;
    }

    /** The SplitMix64 finaliser: spreads every input bit over the output. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}

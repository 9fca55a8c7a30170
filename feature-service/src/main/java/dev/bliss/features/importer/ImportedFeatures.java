package dev.bliss.features.importer;

import java.util.List;

/**
 * Feature vectors loaded by a bulk import, per dimension of the schema: complete vectors (a
 * feature the source did not give holds its default). Immutable once built; shared by the
 * publisher, which writes them into every snapshot beneath the keys it computes itself.
 *
 * @param keys    per dimension, the keys
 * @param vectors per dimension, key {@code i}'s vector at {@code i * vectorLength}
 * @param source  where it came from (a path or URL), for logs and the admin endpoint
 * @param lines   lines read
 */
public record ImportedFeatures(List<long[]> keys, List<float[]> vectors, String source, long lines) {

    /** Keys across dimensions. */
    public long keyCount() {
        long n = 0;
        for (long[] k : keys) {
            n += k.length;
        }
        return n;
    }

    /** Keys of dimension {@code d}. */
    public int keyCount(int d) {
        return keys.get(d).length;
    }
}

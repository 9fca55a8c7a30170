package dev.bliss.store;

import dev.bliss.store.internal.KeyHash;

import java.util.ArrayList;
import java.util.List;

/**
 * Snapshots whose every value is derived from (sequence, dimension, key, feature), so a reader
 * can tell from the guard's sequence alone whether a vector is whole and from that snapshot: a
 * torn or foreign read shows up as a mismatch.
 */
final class SequencedSnapshots {

    static final long SCHEMA_HASH = 0x5eedL;

    final int dimensions;
    final int keysPerDimension;
    final int vectorLength;

    SequencedSnapshots(int dimensions, int keysPerDimension, int vectorLength) {
        this.dimensions = dimensions;
        this.keysPerDimension = keysPerDimension;
        this.vectorLength = vectorLength;
    }

    /** The i-th key of every snapshot; key 0 is among them. */
    long key(int i) {
        return i == 0 ? 0L : KeyHash.mix(i, 0x1234L);
    }

    /** A key no snapshot holds. */
    long absentKey(int i) {
        return KeyHash.mix(i, 0x9876L) | 1L;
    }

    static float value(long sequence, int dimension, long key, int feature) {
        long h = KeyHash.mix(sequence * 131 + dimension * 7919L + feature, key);
        return (float) (h & 0xFFFFF);
    }

    SnapshotSpec spec(long sequence) {
        SnapshotSpec.Builder b = SnapshotSpec.builder(SCHEMA_HASH).sequence(sequence);
        for (int d = 0; d < dimensions; d++) {
            List<String> names = new ArrayList<>();
            for (int f = 0; f < vectorLength; f++) {
                names.add("f" + f);
            }
            b.dimension("dim" + d, keysPerDimension, names);
        }
        return b.build();
    }

    WriteResult publish(FeatureStoreWriter writer, long sequence) throws StoreException {
        float[] vector = new float[vectorLength];
        try (SnapshotBuilder builder = writer.begin(spec(sequence))) {
            for (int d = 0; d < dimensions; d++) {
                for (int i = 0; i < keysPerDimension; i++) {
                    long key = key(i);
                    fill(sequence, d, key, vector);
                    builder.put(d, key, vector);
                }
            }
            return writer.write(builder);
        }
    }

    void fill(long sequence, int dimension, long key, float[] vector) {
        for (int f = 0; f < vectorLength; f++) {
            vector[f] = value(sequence, dimension, key, f);
        }
    }

    /** Whether {@code vector[from, from + vectorLength)} is exactly what snapshot {@code sequence} holds. */
    boolean matches(long sequence, int dimension, long key, float[] vector, int from) {
        for (int f = 0; f < vectorLength; f++) {
            if (Float.floatToRawIntBits(vector[from + f]) != Float.floatToRawIntBits(value(sequence, dimension, key, f))) {
                return false;
            }
        }
        return true;
    }
}

package dev.bliss.store;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the next snapshot will contain, known before any key is written so that the writer can
 * size the data file and build straight into it: the dimensions (name, capacity, feature names),
 * the caller's 64-bit schema hash, and optionally the sequence number and creation time.
 * Immutable; build with {@link #builder(long)}.
 */
public final class SnapshotSpec {

    /** Sequence value meaning "one more than the last snapshot this store published". */
    public static final long NEXT_SEQUENCE = -1L;
    /** Creation time meaning "the wall clock when the writer begins the snapshot". */
    public static final long NOW = -1L;

    private final long schemaHash;
    private final long sequence;
    private final long createdAtMillis;
    private final List<DimensionSpec> dimensions;

    private SnapshotSpec(Builder builder) {
        this.schemaHash = builder.schemaHash;
        this.sequence = builder.sequence;
        this.createdAtMillis = builder.createdAtMillis;
        this.dimensions = List.copyOf(builder.dimensions);
    }

    /** Starts a spec for a schema identified by {@code schemaHash} (e.g. a hash of features.yaml). */
    public static Builder builder(long schemaHash) {
        return new Builder(schemaHash);
    }

    public long schemaHash() {
        return schemaHash;
    }

    /** The sequence, or {@link #NEXT_SEQUENCE}. */
    public long sequence() {
        return sequence;
    }

    /** Epoch milliseconds, or {@link #NOW}. */
    public long createdAtMillis() {
        return createdAtMillis;
    }

    public List<DimensionSpec> dimensions() {
        return dimensions;
    }

    /** Builds a {@link SnapshotSpec}. Not thread-safe. */
    public static final class Builder {
        private final long schemaHash;
        private long sequence = NEXT_SEQUENCE;
        private long createdAtMillis = NOW;
        private final List<DimensionSpec> dimensions = new ArrayList<>();
        private final Set<String> names = new HashSet<>();

        private Builder(long schemaHash) {
            this.schemaHash = schemaHash;
        }

        /** Sets the snapshot sequence (non-negative); default: the last published one plus one. */
        public Builder sequence(long sequence) {
            if (sequence < 0) {
                throw new IllegalArgumentException("sequence < 0");
            }
            this.sequence = sequence;
            return this;
        }

        /** Sets the creation time; default: when the writer begins the snapshot. */
        public Builder createdAtMillis(long epochMillis) {
            if (epochMillis < 0) {
                throw new IllegalArgumentException("createdAtMillis < 0");
            }
            this.createdAtMillis = epochMillis;
            return this;
        }

        /** Adds a dimension; its index is the order of addition. */
        public Builder dimension(String name, long maxKeys, List<String> featureNames) {
            DimensionSpec spec = new DimensionSpec(name, maxKeys, featureNames);
            if (!names.add(name)) {
                throw new IllegalArgumentException("duplicate dimension " + name);
            }
            dimensions.add(spec);
            return this;
        }

        /** Adds a dimension; its index is the order of addition. */
        public Builder dimension(String name, long maxKeys, String... featureNames) {
            return dimension(name, maxKeys, List.of(featureNames));
        }

        public SnapshotSpec build() {
            return new SnapshotSpec(this);
        }
    }
}

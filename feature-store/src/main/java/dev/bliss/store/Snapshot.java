package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;

/**
 * One validated version: its metadata and tables over the process's mapping of its data file.
 * Made once per version per process by {@link SnapshotLoader}; immutable; shared by all threads.
 */
final class Snapshot {

    private final long version;
    private final long schemaHash;
    private final long createdAtMillis;
    private final long sequence;
    private final FeatureTable[] tables;

    Snapshot(long version, long schemaHash, long createdAtMillis, long sequence, FeatureTable[] tables) {
        this.version = version;
        this.schemaHash = schemaHash;
        this.createdAtMillis = createdAtMillis;
        this.sequence = sequence;
        this.tables = tables;
    }

    long version() {
        return version;
    }

    int dataFileIndex() {
        return InstanceVersion.index(version);
    }

    long schemaHash() {
        return schemaHash;
    }

    long createdAtMillis() {
        return createdAtMillis;
    }

    long sequence() {
        return sequence;
    }

    int dimensionCount() {
        return tables.length;
    }

    FeatureTable table(int dimension) {
        return tables[dimension];
    }

    int dimensionIndex(String name) {
        for (int i = 0; i < tables.length; i++) {
            if (tables[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}

package dev.bliss.store;

import dev.bliss.store.internal.SnapshotChecksum;
import dev.bliss.store.layout.InstanceVersion;

import java.lang.foreign.MemorySegment;

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
    private final MemorySegment data;

    Snapshot(long version, long schemaHash, long createdAtMillis, long sequence, FeatureTable[] tables,
             MemorySegment data) {
        this.data = data;
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

    /** Recomputes the checksum over the snapshot's bytes and compares it with the version word's. */
    boolean checksumMatches() {
        return InstanceVersion.checksum24(SnapshotChecksum.of(data, data.byteSize())) == InstanceVersion.checksum(version);
    }

    /** Touches every page of the snapshot through this process's mapping. */
    void preload() {
        data.load();
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

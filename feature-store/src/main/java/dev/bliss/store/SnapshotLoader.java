package dev.bliss.store;

import dev.bliss.store.internal.NameCodec;
import dev.bliss.store.internal.SnapshotChecksum;
import dev.bliss.store.layout.DataFileLayout;
import dev.bliss.store.layout.FeatureTableLayout;
import dev.bliss.store.layout.InstanceVersion;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Validates a published version's data before any reader uses it, and builds its
 * {@link Snapshot}: header, names, and every table's bounds against the size in the version
 * word (so lookups need no checks of their own), optionally the checksum. Runs once per version
 * per process, off the per-lookup path.
 */
final class SnapshotLoader {

    /** The data does not describe a usable snapshot. */
    static final class InvalidSnapshotException extends Exception {
        InvalidSnapshotException(String message) {
            super(message);
        }
    }

    private SnapshotLoader() {
    }

    static Snapshot load(MemorySegment mapping, long version, ReaderOptions options) throws InvalidSnapshotException {
        long size = InstanceVersion.size(version);
        if (mapping.byteSize() < size) {
            throw new InvalidSnapshotException("mapping of " + mapping.byteSize() + " bytes is shorter than the size "
                    + size + " (truncated)");
        }
        if (size < DataFileLayout.FIXED_HEADER_LENGTH) {
            throw new InvalidSnapshotException("size " + size + " is shorter than the header");
        }
        MemorySegment data = mapping.asSlice(0, size);
        long magic = data.get(ValueLayout.JAVA_LONG, DataFileLayout.MAGIC_OFFSET);
        int format = data.get(ValueLayout.JAVA_INT, DataFileLayout.FORMAT_VERSION_OFFSET);
        int count = data.get(ValueLayout.JAVA_INT, DataFileLayout.DIMENSION_COUNT_OFFSET);
        long headerLength = data.get(ValueLayout.JAVA_LONG, DataFileLayout.HEADER_LENGTH_OFFSET);
        long recordedSize = data.get(ValueLayout.JAVA_LONG, DataFileLayout.SNAPSHOT_SIZE_OFFSET);
        String problem = DataFileLayout.checkHeader(magic, format, count, headerLength, recordedSize, size);
        if (problem != null) {
            throw new InvalidSnapshotException(problem);
        }
        long schemaHash = data.get(ValueLayout.JAVA_LONG, DataFileLayout.SCHEMA_HASH_OFFSET);
        if (options.schemaHashExpected() && schemaHash != options.expectedSchemaHash()) {
            throw new InvalidSnapshotException("schema hash 0x" + Long.toHexString(schemaHash) + ", expected 0x"
                    + Long.toHexString(options.expectedSchemaHash()));
        }
        FeatureTable[] tables = new FeatureTable[count];
        long namesStart = DataFileLayout.namesOffset(count);
        long nextNames = namesStart;
        long nextTable = headerLength;
        for (int d = 0; d < count; d++) {
            long entry = DataFileLayout.directoryEntryOffset(d);
            long tableOffset = data.get(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_TABLE_OFFSET);
            long capacity = data.get(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_CAPACITY);
            long keyCount = data.get(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_KEY_COUNT);
            long seed = data.get(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_HASH_SEED);
            int vectorLength = data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_VECTOR_LENGTH);
            int stride = data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_SLOT_STRIDE);
            int maxDisplacement = data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_MAX_DISPLACEMENT);
            int flags = data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_FLAGS);
            long namesOffset = Integer.toUnsignedLong(data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_NAMES_OFFSET));
            long namesLength = Integer.toUnsignedLong(data.get(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_NAMES_LENGTH));
            problem = FeatureTableLayout.check(tableOffset, capacity, keyCount, vectorLength, stride, maxDisplacement,
                    headerLength, size);
            if (problem == null && tableOffset < nextTable) {
                problem = "table overlaps the previous one";
            }
            if (problem == null && (namesOffset != nextNames || namesOffset + namesLength > headerLength)) {
                problem = "names [" + namesOffset + ", +" + namesLength + ") out of place";
            }
            if (problem != null) {
                throw new InvalidSnapshotException("dimension " + d + ": " + problem);
            }
            List<String> names;
            try {
                names = NameCodec.read(data, namesOffset, namesLength, 1 + vectorLength);
            } catch (IllegalArgumentException e) {
                throw new InvalidSnapshotException("dimension " + d + ": " + e.getMessage());
            }
            nextNames = namesOffset + namesLength;
            nextTable = tableOffset + FeatureTableLayout.tableLength(capacity, stride);
            boolean zeroKey = (flags & DataFileLayout.FLAG_ZERO_KEY_PRESENT) != 0;
            tables[d] = new FeatureTable(d, names.getFirst(), names.subList(1, names.size()), data, tableOffset,
                    capacity, seed, stride, maxDisplacement, keyCount, zeroKey);
        }
        for (int d = 0; d < count; d++) {
            for (int e = d + 1; e < count; e++) {
                if (tables[d].name().equals(tables[e].name())) {
                    throw new InvalidSnapshotException("duplicate dimension name " + tables[d].name());
                }
            }
        }
        if (options.checksumPolicy() == ChecksumPolicy.VERIFY_ON_SWITCH) {
            int actual = InstanceVersion.checksum24(SnapshotChecksum.of(data, size));
            if (actual != InstanceVersion.checksum(version)) {
                throw new InvalidSnapshotException(String.format("checksum 0x%06x, version says 0x%06x", actual,
                        InstanceVersion.checksum(version)));
            }
        }
        return new Snapshot(version, schemaHash, data.get(ValueLayout.JAVA_LONG, DataFileLayout.CREATED_AT_OFFSET),
                data.get(ValueLayout.JAVA_LONG, DataFileLayout.SEQUENCE_OFFSET), tables, data);
    }
}

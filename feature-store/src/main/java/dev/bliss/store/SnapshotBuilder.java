package dev.bliss.store;

import dev.bliss.store.internal.RobinHoodTable;
import dev.bliss.store.layout.DataFileLayout;
import dev.bliss.store.layout.FeatureTableLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Fills one snapshot straight into the mapped data file it will be published from: no copy of
 * the tables exists on the heap. Obtained from {@link FeatureStoreWriter#begin}; published with
 * {@link FeatureStoreWriter#write}; {@link #close()} without a write abandons it.
 *
 * <p>Not thread-safe: the writer's thread only. {@code put} allocates nothing.
 */
public final class SnapshotBuilder implements AutoCloseable {

    private final FeatureStoreWriter writer;
    private final MemorySegment segment;
    private final int dataFileIndex;
    private final long size;
    private final long sequence;
    private final List<DimensionSpec> dimensions;
    private final long[] tableOffsets;
    private final long[] capacities;
    private final long[] seeds;
    private final int[] strides;
    private final int[] vectorLengths;
    private final long[] keyCounts;
    private final int[] maxDisplacements;
    private final boolean[] zeroKeyPresent;
    private final MemorySegment carry;
    private final MemorySegment spare;
    private final boolean readerCounterReset;
    private final long graceWaitNanos;
    private boolean done;

    SnapshotBuilder(FeatureStoreWriter writer, MemorySegment segment, int dataFileIndex, long size, long sequence,
                    List<DimensionSpec> dimensions, long[] tableOffsets, long[] capacities, long[] seeds,
                    boolean readerCounterReset, long graceWaitNanos) {
        this.writer = writer;
        this.segment = segment;
        this.dataFileIndex = dataFileIndex;
        this.size = size;
        this.sequence = sequence;
        this.dimensions = dimensions;
        this.tableOffsets = tableOffsets;
        this.capacities = capacities;
        this.seeds = seeds;
        int count = dimensions.size();
        this.strides = new int[count];
        this.vectorLengths = new int[count];
        int maxStride = FeatureTableLayout.slotStride(0);
        for (int i = 0; i < count; i++) {
            vectorLengths[i] = dimensions.get(i).vectorLength();
            strides[i] = FeatureTableLayout.slotStride(vectorLengths[i]);
            maxStride = Math.max(maxStride, strides[i]);
        }
        this.keyCounts = new long[count];
        this.maxDisplacements = new int[count];
        this.zeroKeyPresent = new boolean[count];
        this.carry = MemorySegment.ofArray(new long[maxStride / Long.BYTES]);
        this.spare = MemorySegment.ofArray(new long[maxStride / Long.BYTES]);
        this.readerCounterReset = readerCounterReset;
        this.graceWaitNanos = graceWaitNanos;
    }

    /** Index of the dimension called {@code name}, or -1. */
    public int dimensionIndex(String name) {
        for (int i = 0; i < dimensions.size(); i++) {
            if (dimensions.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public int dimensionCount() {
        return dimensions.size();
    }

    /** Floats per key in dimension {@code dimension}. */
    public int vectorLength(int dimension) {
        return vectorLengths[dimension];
    }

    /** Distinct keys put so far into {@code dimension}. */
    public long keyCount(int dimension) {
        return keyCounts[dimension];
    }

    /** This snapshot's sequence. */
    public long sequence() {
        return sequence;
    }

    /** Size of the snapshot in bytes. */
    public long sizeBytes() {
        return size;
    }

    /** Sets the vector of {@code key} (any u64, 0 included); {@code vector.length} must equal the vector length. */
    public void put(int dimension, long key, float[] vector) {
        if (vector.length != vectorLengths[dimension]) {
            throw new IllegalArgumentException("dimension " + dimensions.get(dimension).name() + " has vectors of "
                    + vectorLengths[dimension] + " floats, got " + vector.length);
        }
        put(dimension, key, vector, 0);
    }

    /**
     * Sets the vector of {@code key} to {@code vectorLength(dimension)} floats of {@code source}
     * from {@code offset}. Putting a key again replaces its vector.
     *
     * @throws IllegalStateException when the dimension already holds its {@code maxKeys} keys
     */
    public void put(int dimension, long key, float[] source, int offset) {
        if (done) {
            throw new IllegalStateException("snapshot already written or abandoned");
        }
        int length = vectorLengths[dimension];
        long table = tableOffsets[dimension];
        int stride = strides[dimension];
        if (key == FeatureTableLayout.EMPTY_KEY) {
            if (!zeroKeyPresent[dimension]) {
                checkRoom(dimension);
                zeroKeyPresent[dimension] = true;
                keyCounts[dimension]++;
            }
            MemorySegment.copy(source, offset, segment, ValueLayout.JAVA_FLOAT,
                    table + FeatureTableLayout.zeroSlotVectorOffset(), length);
            return;
        }
        long existing = RobinHoodTable.find(segment, table, capacities[dimension], stride, seeds[dimension],
                maxDisplacements[dimension], key);
        if (existing != RobinHoodTable.MISSING) {
            MemorySegment.copy(source, offset, segment, ValueLayout.JAVA_FLOAT, existing, length);
            return;
        }
        checkRoom(dimension);
        carry.fill((byte) 0);
        carry.set(ValueLayout.JAVA_LONG, FeatureTableLayout.KEY_OFFSET, key);
        MemorySegment.copy(source, offset, carry, ValueLayout.JAVA_FLOAT, FeatureTableLayout.VECTOR_OFFSET, length);
        int displacement = RobinHoodTable.insert(segment, table, capacities[dimension], stride, seeds[dimension],
                carry, spare);
        maxDisplacements[dimension] = Math.max(maxDisplacements[dimension], displacement);
        keyCounts[dimension]++;
    }

    private void checkRoom(int dimension) {
        DimensionSpec spec = dimensions.get(dimension);
        if (keyCounts[dimension] >= spec.maxKeys()) {
            throw new IllegalStateException("dimension " + spec.name() + " is full: it was declared with maxKeys "
                    + spec.maxKeys());
        }
    }

    /** Writes the per-table results into the directory; called by the writer before publishing. */
    void finish() {
        done = true;
        for (int i = 0; i < dimensions.size(); i++) {
            long entry = DataFileLayout.directoryEntryOffset(i);
            segment.set(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_KEY_COUNT, keyCounts[i]);
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_MAX_DISPLACEMENT, maxDisplacements[i]);
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_FLAGS,
                    zeroKeyPresent[i] ? DataFileLayout.FLAG_ZERO_KEY_PRESENT : 0);
        }
    }

    FeatureStoreWriter writer() {
        return writer;
    }

    MemorySegment segment() {
        return segment;
    }

    int dataFileIndex() {
        return dataFileIndex;
    }

    boolean readerCounterReset() {
        return readerCounterReset;
    }

    long graceWaitNanos() {
        return graceWaitNanos;
    }

    /** Abandons the snapshot unless it was written. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            writer.abandon(this);
        }
    }
}

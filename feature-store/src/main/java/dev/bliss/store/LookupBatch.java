package dev.bliss.store;

import dev.bliss.store.layout.FeatureTableLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Several lookups, typically one per dimension of a request, resolved together so that their
 * cache misses overlap instead of queueing one behind the other.
 *
 * <pre>{@code
 * LookupBatch batch = new LookupBatch(8);     // once per event loop
 * try (ReadGuard guard = handle.acquire()) {
 *     batch.clear();
 *     int ip = batch.add(guard.table(IP), ipKey);
 *     int ja4 = batch.add(guard.table(JA4), ja4Key);
 *     batch.locate();                          // all home slots are loaded at once
 *     batch.copyTo(ip, input, 0);              // false on a miss
 *     batch.copyTo(ja4, input, 32);
 * }
 * }</pre>
 *
 * <p>{@link #locate()} first issues one load per entry for the key word and the vector's last
 * line of its home slot: the loads do not depend on each other and no branch waits on them, so
 * the CPU keeps all the misses in flight at once. Then it resolves each entry; most hit their
 * home slot, whose lines are already arriving.
 *
 * <p>Confined to one thread; entries are valid until {@link #clear()} and only while the guard
 * whose tables were added is open. Allocation-free after construction.
 */
public final class LookupBatch {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private final FeatureTable[] tables;
    private final long[] keys;
    private final long[] homes;
    private final long[] residents;
    private final long[] offsets;
    private int size;
    private long sink;

    /** A batch of at most {@code capacity} lookups. */
    public LookupBatch(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity < 1");
        }
        tables = new FeatureTable[capacity];
        keys = new long[capacity];
        homes = new long[capacity];
        residents = new long[capacity];
        offsets = new long[capacity];
    }

    /** Empties the batch. */
    public void clear() {
        for (int i = 0; i < size; i++) {
            tables[i] = null;
        }
        size = 0;
    }

    /**
     * Adds a lookup of {@code key} in {@code table}.
     *
     * @return the entry's index, for {@link #offset}, {@link #found} and {@link #copyTo}
     * @throws IllegalStateException when the batch is full
     */
    public int add(FeatureTable table, long key) {
        if (size == tables.length) {
            throw new IllegalStateException("batch is full (" + size + " lookups)");
        }
        tables[size] = table;
        keys[size] = key;
        offsets[size] = FeatureTable.MISSING;
        return size++;
    }

    /** Resolves every entry. */
    public void locate() {
        int n = size;
        long touched = 0;
        for (int i = 0; i < n; i++) {
            FeatureTable table = tables[i];
            MemorySegment segment = table.segment();
            long home = table.homeAddress(keys[i]);
            homes[i] = home;
            residents[i] = segment.get(LONG, home);
            touched += segment.get(BYTE, home + table.stride() - 1);
        }
        sink = touched;
        for (int i = 0; i < n; i++) {
            long key = keys[i];
            if (residents[i] == key && key != 0) {
                offsets[i] = homes[i] + FeatureTableLayout.VECTOR_OFFSET;
            } else {
                offsets[i] = tables[i].find(key);
            }
        }
    }

    /** Number of entries. */
    public int size() {
        return size;
    }

    /** The vector offset of entry {@code i} after {@link #locate()}, or {@link FeatureTable#MISSING}. */
    public long offset(int i) {
        checkIndex(i);
        return offsets[i];
    }

    /** The key of entry {@code i}. */
    public long keyAt(int i) {
        checkIndex(i);
        return keys[i];
    }

    /** Whether entry {@code i}'s key was found. */
    public boolean found(int i) {
        return offset(i) != FeatureTable.MISSING;
    }

    /**
     * Copies entry {@code i}'s vector into {@code destination} from {@code offset}.
     *
     * @return true on a hit; false on a miss, leaving {@code destination} untouched
     */
    public boolean copyTo(int i, float[] destination, int offset) {
        long at = offset(i);
        if (at == FeatureTable.MISSING) {
            return false;
        }
        tables[i].copyVector(at, destination, offset);
        return true;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
    }

    /** Keeps the warming loads observable so the JIT cannot drop them; meaningless value. */
    long sink() {
        return sink;
    }
}

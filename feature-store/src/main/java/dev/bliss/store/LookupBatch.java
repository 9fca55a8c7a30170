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
 *     batch.locate();                          // all probes advance in lockstep
 *     batch.copyTo(ip, input, 0);              // false on a miss
 *     batch.copyTo(ja4, input, 32);
 * }
 * }</pre>
 *
 * <p>{@link #locate()} probes all entries in rounds. Round 0 loads every entry's home slot: its
 * key word plus one byte of each further line of the slot, so the vector's lines are requested
 * too. Each later round advances only the entries still unresolved by one slot. Within a round
 * the loads do not depend on each other and no branch waits on them before all are issued, so
 * the CPU keeps all the misses in flight at once; a single {@link FeatureTable#find} instead
 * waits for each probe before it can issue the next lookup's.
 *
 * <p>Confined to one thread; entries are valid until {@link #clear()} and only while the guard
 * whose tables were added is open. Allocation-free after construction.
 */
public final class LookupBatch {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final int CACHE_LINE = 64;
    private static final int RESOLVED = -1;

    private final FeatureTable[] tables;
    private final long[] keys;
    private final long[] slots;
    private final long[] residents;
    private final int[] walked;
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
        slots = new long[capacity];
        residents = new long[capacity];
        walked = new int[capacity];
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
        // round 0: every home slot, all of its lines
        for (int i = 0; i < n; i++) {
            FeatureTable table = tables[i];
            long key = keys[i];
            if (key == FeatureTableLayout.EMPTY_KEY) {
                offsets[i] = table.zeroVector();
                walked[i] = RESOLVED;
                continue;
            }
            long slot = table.homeSlot(key);
            long address = table.slotAddress(slot);
            MemorySegment segment = table.segment();
            slots[i] = slot;
            walked[i] = 0;
            residents[i] = segment.get(LONG, address);
            for (long line = CACHE_LINE; line < table.stride(); line += CACHE_LINE) {
                touched += segment.get(BYTE, address + line);
            }
            touched += segment.get(BYTE, address + table.stride() - 1);
        }
        sink = touched;
        boolean pending = true;
        while (pending) {
            pending = false;
            for (int i = 0; i < n; i++) {
                int w = walked[i];
                if (w == RESOLVED) {
                    continue;
                }
                FeatureTable table = tables[i];
                long resident = residents[i];
                long slot = slots[i];
                if (resident == keys[i]) {
                    offsets[i] = table.slotAddress(slot) + FeatureTableLayout.VECTOR_OFFSET;
                    walked[i] = RESOLVED;
                } else if (table.probeEnds(resident, slot, w)) {
                    walked[i] = RESOLVED;
                } else {
                    slot = table.nextSlot(slot);
                    slots[i] = slot;
                    walked[i] = w + 1;
                    residents[i] = table.segment().get(LONG, table.slotAddress(slot));
                    pending = true;
                }
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

    /** The table of entry {@code i}. */
    public FeatureTable tableAt(int i) {
        checkIndex(i);
        return tables[i];
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

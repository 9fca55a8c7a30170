package dev.bliss.bot.detectionlog;

import dev.bliss.plugin.RequestView;

/**
 * One event loop's pending records, found by the identity of the request's {@link RequestView}.
 *
 * <p>The proxy passes one view instance to every phase of a request and does not pass it for
 * another request before that one's {@code onComplete} returned (the SPI's guarantee), so the view
 * is a key for the request while it is in flight. The records and the index are made here, once:
 * an open-addressing identity table (linear probing, backward-shift deletion, at most half full)
 * over a fixed pool of {@code capacity} records.
 *
 * <p>Event-loop only; no locks, no allocation.
 */
final class PendingRecords {

    private final PendingRecord[] records;
    private final int[] free;
    private int freeCount;
    private final Object[] views;
    private final int[] slotOf;
    private final int mask;

    PendingRecords(int capacity, int dimensions, int inputs) {
        records = new PendingRecord[capacity];
        free = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            records[i] = new PendingRecord(i, dimensions, inputs);
            free[i] = capacity - 1 - i;
        }
        freeCount = capacity;
        int tableSize = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) << 1;
        views = new Object[tableSize];
        slotOf = new int[tableSize];
        mask = tableSize - 1;
    }

    /**
     * The record for {@code view}, cleared: its own if one is still pending (its request never
     * completed: reused rather than leaked), else a free one; {@code null} when all are in use.
     */
    PendingRecord claim(RequestView view) {
        int i = indexOf(view);
        if (i >= 0) {
            PendingRecord r = records[slotOf[i]];
            r.clear();
            return r;
        }
        if (freeCount == 0) {
            return null;
        }
        PendingRecord r = records[free[--freeCount]];
        r.clear();
        int at = home(view);
        while (views[at] != null) {
            at = (at + 1) & mask;
        }
        views[at] = view;
        slotOf[at] = r.slot;
        return r;
    }

    /** The record pending for {@code view}, or {@code null}; it stays pending until {@link #release}. */
    PendingRecord find(RequestView view) {
        int i = indexOf(view);
        return i < 0 ? null : records[slotOf[i]];
    }

    /** Frees the record of {@code view}. */
    void release(RequestView view) {
        int i = indexOf(view);
        if (i < 0) {
            return;
        }
        free[freeCount++] = slotOf[i];
        views[i] = null;
        // backward-shift: move later entries of the probe run into the hole, so lookups never stop early
        int hole = i;
        int at = (i + 1) & mask;
        while (views[at] != null) {
            int home = home(views[at]);
            if (((at - home) & mask) >= ((at - hole) & mask)) {
                views[hole] = views[at];
                slotOf[hole] = slotOf[at];
                views[at] = null;
                hole = at;
            }
            at = (at + 1) & mask;
        }
    }

    int inUse() {
        return records.length - freeCount;
    }

    private int indexOf(Object view) {
        int at = home(view);
        Object v;
        while ((v = views[at]) != null) {
            if (v == view) {
                return at;
            }
            at = (at + 1) & mask;
        }
        return -1;
    }

    private int home(Object view) {
        int h = System.identityHashCode(view) * 0x9E3779B9;
        return (h ^ h >>> 16) & mask;
    }
}

package dev.bliss.bot.detectionlog;

import dev.bliss.bot.inflight.InFlightSlots;
import dev.bliss.plugin.RequestView;

/**
 * One event loop's pending records, found by the identity of the request's {@link RequestView}
 * ({@link InFlightSlots}): a fixed pool of {@code capacity} records, made here once.
 *
 * <p>Event-loop only; no locks, no allocation.
 */
final class PendingRecords {

    private final PendingRecord[] records;
    private final InFlightSlots slots;

    PendingRecords(int capacity, int dimensions, int inputs) {
        records = new PendingRecord[capacity];
        for (int i = 0; i < capacity; i++) {
            records[i] = new PendingRecord(dimensions, inputs);
        }
        slots = new InFlightSlots(capacity);
    }

    /**
     * The record for {@code view}, cleared: its own if one is still pending (its request never
     * completed: reused rather than leaked), else a free one; {@code null} when all are in use.
     */
    PendingRecord claim(RequestView view) {
        int slot = slots.claim(view);
        if (slot < 0) {
            return null;
        }
        PendingRecord r = records[slot];
        r.clear();
        return r;
    }

    /** The record pending for {@code view}, or {@code null}; it stays pending until {@link #release}. */
    PendingRecord find(RequestView view) {
        int slot = slots.find(view);
        return slot < 0 ? null : records[slot];
    }

    /** Frees the record of {@code view}. */
    void release(RequestView view) {
        slots.release(view);
    }

    int inUse() {
        return slots.inUse();
    }
}

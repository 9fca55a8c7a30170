package dev.bliss.bot.inflight;

import dev.bliss.plugin.RequestView;

/**
 * Slots for what one event loop carries from a request's {@code inspect} to its
 * {@code onComplete}, found by the identity of the request's {@link RequestView}.
 *
 * <p>The proxy passes one view instance to every phase of a request and does not pass it for
 * another request before that one's {@code onComplete} returned (the SPI's guarantee), so the view
 * is a key for the request while it is in flight. A slot is an index into the owner's own
 * preallocated arrays. The index is an open-addressing identity table (linear probing,
 * backward-shift deletion, at most half full) over a fixed number of slots.
 *
 * <p>Event-loop only; no locks, no allocation.
 */
public final class InFlightSlots {

    private final int[] free;
    private int freeCount;
    private final Object[] views;
    private final int[] slotOf;
    private final int mask;

    public InFlightSlots(int capacity) {
        free = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            free[i] = capacity - 1 - i;
        }
        freeCount = capacity;
        int tableSize = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) << 1;
        views = new Object[tableSize];
        slotOf = new int[tableSize];
        mask = tableSize - 1;
    }

    /**
     * The slot for {@code view}: its own if it still holds one (its request never completed: reused
     * rather than leaked), else a free one; -1 when all are in use.
     */
    public int claim(RequestView view) {
        int i = indexOf(view);
        if (i >= 0) {
            return slotOf[i];
        }
        if (freeCount == 0) {
            return -1;
        }
        int slot = free[--freeCount];
        int at = home(view);
        while (views[at] != null) {
            at = (at + 1) & mask;
        }
        views[at] = view;
        slotOf[at] = slot;
        return slot;
    }

    /** The slot {@code view} holds, or -1; it stays held until {@link #release}. */
    public int find(RequestView view) {
        int i = indexOf(view);
        return i < 0 ? -1 : slotOf[i];
    }

    /** Frees the slot of {@code view}, if it holds one. */
    public void release(RequestView view) {
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

    public int inUse() {
        return free.length - freeCount;
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

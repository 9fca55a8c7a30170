package dev.bliss.bot.events;

import dev.bliss.bot.inflight.InFlightSlots;
import dev.bliss.plugin.RequestView;

/**
 * One event loop's request events between {@code inspect}, which knows the keys and flags, and
 * {@code onComplete}, which adds the status and publishes: the keys are not computed twice and the
 * user agent is not walked again. A fixed pool found by the request's view; when every event is
 * taken (more requests in flight on one loop than the pool holds), the log phase computes the
 * event afresh instead.
 *
 * <p>Event-loop only; no locks, no allocation.
 */
public final class PendingEvents {

    /** Requests in flight per event loop whose events are kept; more are recomputed at the end. */
    public static final int CAPACITY = 4096;

    private final RequestEvent[] events;
    private final InFlightSlots slots;

    public PendingEvents(int dimensions) {
        events = new RequestEvent[CAPACITY];
        for (int i = 0; i < CAPACITY; i++) {
            events[i] = new RequestEvent(dimensions);
        }
        slots = new InFlightSlots(CAPACITY);
    }

    /** An event for {@code request} to fill, or null when none is free. */
    public RequestEvent claim(RequestView request) {
        int slot = slots.claim(request);
        return slot < 0 ? null : events[slot];
    }

    /** The event {@code request} claimed, or null; it stays taken until {@link #release}. */
    public RequestEvent find(RequestView request) {
        int slot = slots.find(request);
        return slot < 0 ? null : events[slot];
    }

    public void release(RequestView request) {
        slots.release(request);
    }

    public int inUse() {
        return slots.inUse();
    }
}

package dev.bliss.proxy.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A fixed set of counters written by one event loop and read by any thread (the metrics scrape):
 * the one counter idiom of the request path. The writer adds with a plain read of its own last
 * value and an opaque store, which costs what a plain store costs on x86 and ARM; readers load
 * opaquely, so they never see a torn value and always see the writer's stores eventually (a scrape
 * may be a few increments behind, never wrong).
 *
 * <p>No locks, no atomics on the write path, no allocation after construction. One writer thread
 * per instance: a second writer would lose increments.
 */
public final class LoopCounters {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] values;

    public LoopCounters(int size) {
        this.values = new long[size];
    }

    /** Adds {@code n} to counter {@code i}; the owning event loop only. */
    public void add(int i, long n) {
        SLOT.setOpaque(values, i, values[i] + n);
    }

    /** Sets slot {@code i} to {@code v} (a gauge kept in the same table); the owning event loop only. */
    public void set(int i, long v) {
        SLOT.setOpaque(values, i, v);
    }

    /** Raises slot {@code i} to {@code v} when {@code v} is larger (a maximum); the owning event loop only. */
    public void max(int i, long v) {
        if (v > values[i]) {
            SLOT.setOpaque(values, i, v);
        }
    }

    /** Counter {@code i} as last stored; any thread. */
    public long get(int i) {
        return (long) SLOT.getOpaque(values, i);
    }

    public int size() {
        return values.length;
    }
}

package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The most frequent values of the last few minutes (client addresses, paths, deciding rules), in
 * bounded memory: one {@link TopValues} table per minute in a ring, the current minute's written,
 * the last {@code span} minutes' added up when read. A table is emptied when its slot comes round
 * again, so a value that stops coming drops out of the list after {@code span} minutes instead of
 * staying at the top since start.
 *
 * <p><b>Single writer</b> (the owning event loop); readers on any thread check a slot's minute
 * with an acquire load before and after copying its table and drop the copy when the slot rolled
 * meanwhile. <b>Allocation:</b> none after construction.
 */
final class RecentTop {

    private static final long NONE = Long.MIN_VALUE;
    private static final VarHandle UNIT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long unitNanos;
    private final TopValues[] tables;
    private final long[] units;
    // writer only
    private TopValues current;
    private long nextBoundary = Long.MIN_VALUE;

    /** @param span the units a reader adds up; the ring keeps one more, the one being replaced */
    RecentTop(long unitNanos, int span, int capacity) {
        this.unitNanos = unitNanos;
        this.tables = new TopValues[span + 1];
        for (int i = 0; i < tables.length; i++) {
            tables[i] = new TopValues(capacity);
        }
        this.units = new long[tables.length];
        Arrays.fill(units, NONE);
    }

    /** Writer: the table of the unit {@code nanos} falls in. */
    TopValues at(long nanos) {
        if (nanos >= nextBoundary) {
            long unit = Math.floorDiv(nanos, unitNanos);
            int i = (int) Math.floorMod(unit, (long) tables.length);
            if (units[i] != unit) {
                UNIT.setRelease(units, i, NONE);
                tables[i].clear();
                UNIT.setRelease(units, i, unit);
            }
            current = tables[i];
            nextBoundary = (unit + 1) * unitNanos;
        }
        return current;
    }

    /** Reader: adds the counts of the last {@code span} units up to {@code nowNanos}'s to {@code into}. */
    void addInto(Map<String, Long> into, long nowNanos, int span) {
        long now = Math.floorDiv(nowNanos, unitNanos);
        Map<String, Long> copy = new HashMap<>();
        for (int i = 0; i < tables.length; i++) {
            long unit = (long) UNIT.getAcquire(units, i);
            if (unit == NONE || unit > now || unit <= now - span) {
                continue;
            }
            copy.clear();
            tables[i].addInto(copy);
            VarHandle.acquireFence(); // the copy's loads before the second look at the slot's unit
            if ((long) UNIT.getAcquire(units, i) == unit) {
                copy.forEach((k, v) -> into.merge(k, v, Long::sum));
            }
        }
    }
}

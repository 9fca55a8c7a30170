package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A ring of count vectors, one per unit of time (a second, a minute): the writer adds to the
 * vector of the unit a request ended in; a reader adds up the vectors of the last n units.
 *
 * <pre>
 *   units[i]   the unit bucket i holds (ns / unitNanos), or NONE while it is being reset
 *   buckets[i] int[width]: the counts of that unit, laid out by the caller
 *   bucket of unit u = u mod length; a unit older than length units is overwritten
 * </pre>
 *
 * <p><b>Single writer</b> (the owning event loop): counts are written with opaque stores of
 * {@code own value + 1}, so a reader sees each count whole and eventually current without a
 * fence on the request path. <b>Readers</b> (any thread) check a bucket's unit with an acquire
 * load that pairs with the writer's release store after a reset. A reader racing a reset may
 * count part of the bucket being cleared: once per unit, at most one unit's worth, which a
 * dashboard can bear; {@link ScoreCounts}, whose windows are exact, brackets its resets with a
 * sequence number its readers check.
 *
 * <p><b>Allocation:</b> none after construction.
 */
final class TimeBuckets {

    static final long NONE = Long.MIN_VALUE;

    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle UNIT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long unitNanos;
    private final int[][] buckets;
    private final long[] units;

    // writer only
    private int[] current;
    private long nextBoundary = Long.MIN_VALUE;

    TimeBuckets(long unitNanos, int length, int width) {
        this.unitNanos = unitNanos;
        this.buckets = new int[length][width];
        this.units = new long[length];
        Arrays.fill(units, NONE);
    }

    long unitNanos() {
        return unitNanos;
    }

    int length() {
        return buckets.length;
    }

    /** Writer: the vector of the unit {@code nanos} (a {@link System#nanoTime()} value) falls in. */
    int[] at(long nanos) {
        if (nanos >= nextBoundary) {
            roll(nanos);
        }
        return current;
    }

    /** Writer: adds one to {@code slot} of {@code bucket} (from {@link #at}). */
    static void increment(int[] bucket, int slot) {
        COUNT.setOpaque(bucket, slot, bucket[slot] + 1);
    }

    /** Writer: adds {@code n} to {@code slot} of {@code bucket} (from {@link #at}). */
    static void add(int[] bucket, int slot, int n) {
        COUNT.setOpaque(bucket, slot, bucket[slot] + n);
    }

    private void roll(long nanos) {
        long unit = Math.floorDiv(nanos, unitNanos);
        int i = (int) Math.floorMod(unit, (long) buckets.length);
        int[] b = buckets[i];
        if (units[i] != unit) {
            UNIT.setRelease(units, i, NONE);
            Arrays.fill(b, 0);
            // release: the zeros happen-before a reader's acquire load that sees the new unit
            UNIT.setRelease(units, i, unit);
        }
        current = b;
        nextBoundary = (unit + 1) * unitNanos;
    }

    /**
     * Reader: adds the counts of the last {@code span} units up to the one {@code nowNanos} falls
     * in to {@code into} (as long as a bucket).
     */
    void addInto(long[] into, long nowNanos, int span) {
        long now = Math.floorDiv(nowNanos, unitNanos);
        for (int i = 0; i < buckets.length; i++) {
            long unit = (long) UNIT.getAcquire(units, i);
            if (unit != NONE && unit <= now && unit > now - span) {
                int[] b = buckets[i];
                for (int s = 0; s < into.length; s++) {
                    into[s] += (int) COUNT.getOpaque(b, s);
                }
            }
        }
    }

    /** Reader: the unit bucket {@code i} holds, or {@link #NONE} (acquire: its counts are the unit's). */
    long unit(int i) {
        return (long) UNIT.getAcquire(units, i);
    }

    /** Reader: the bucket holding {@code unit}, or -1 when none does. */
    int indexOf(long unit) {
        if (unit == NONE) {
            return -1;
        }
        int i = (int) Math.floorMod(unit, (long) buckets.length);
        return unit(i) == unit ? i : -1;
    }

    /** Reader: count {@code slot} of bucket {@code i} (opaque). */
    int count(int i, int slot) {
        return (int) COUNT.getOpaque(buckets[i], slot);
    }
}

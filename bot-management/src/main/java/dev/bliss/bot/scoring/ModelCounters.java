package dev.bliss.bot.scoring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The counters one scorer keeps for one model, as a {@code long[]} laid out by the indexes
 * below. Each scorer has its own, so event loops never write a shared cache line; metrics add
 * them up.
 *
 * <p>Single writer (the scorer's event loop), any reader: writes are opaque stores of
 * {@code own value + n}, reads are opaque loads, so a reader sees each counter whole and
 * eventually current, without fences on the request path.
 */
final class ModelCounters {

    static final int PREDICTIONS = 0;
    /** JNI errors and non-finite raw values: the request got no score from this model. */
    static final int FAILURES = 1;
    /** Shadow predictions made when the request had a primary score to compare with. */
    static final int COMPARED = 2;
    /** Sum of shadow score minus primary score. */
    static final int DELTA_SUM = 3;
    static final int ABSOLUTE_DELTA_SUM = 4;
    static final int HISTOGRAM = 5;

    /** Inclusive upper bounds of the |shadow - primary| histogram buckets. */
    static final int[] BUCKET_UPPER_BOUNDS = {0, 2, 5, 10, 20, 40, 98};

    static final int SIZE = HISTOGRAM + BUCKET_UPPER_BOUNDS.length;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private ModelCounters() {
    }

    static long[] create() {
        return new long[SIZE];
    }

    /** Owner thread only. */
    static void add(long[] counters, int index, long amount) {
        SLOT.setOpaque(counters, index, counters[index] + amount);
    }

    /** Owner thread only: one shadow score compared with the primary's. */
    static void compare(long[] counters, int delta) {
        int absolute = Math.abs(delta);
        add(counters, COMPARED, 1);
        add(counters, DELTA_SUM, delta);
        add(counters, ABSOLUTE_DELTA_SUM, absolute);
        int bucket = 0;
        while (absolute > BUCKET_UPPER_BOUNDS[bucket]) {
            bucket++;
        }
        add(counters, HISTOGRAM + bucket, 1);
    }

    /** Any thread. */
    static long read(long[] counters, int index) {
        return (long) SLOT.getOpaque(counters, index);
    }
}

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

    /** Scores below this are likely automated (Cloudflare's convention, and bliss's rules'). */
    static final int LIKELY_AUTOMATED_BELOW = 30;
    /** Compared requests where exactly one of shadow and primary scored below 30. */
    static final int OPPOSITE_SIDES = HISTOGRAM + BUCKET_UPPER_BOUNDS.length;
    /** Sum of this model's scores. */
    static final int SCORE_SUM = OPPOSITE_SIDES + 1;
    /** This model's scores per bucket of SCORE_UPPER_BOUNDS, and one bucket above them. */
    static final int SCORES = SCORE_SUM + 1;
    /** Inclusive upper bounds of the score histogram; 29 makes "below 30" one bucket boundary. */
    static final int[] SCORE_UPPER_BOUNDS = {1, 5, 10, 20, 29, 40, 50, 60, 70, 80, 90, 99};

    static final int SIZE = SCORES + SCORE_UPPER_BOUNDS.length + 1;

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

    /** Owner thread only: one score this model gave (1–99). */
    static void observe(long[] counters, int score) {
        add(counters, SCORE_SUM, score);
        int bucket = 0;
        while (bucket < SCORE_UPPER_BOUNDS.length && score > SCORE_UPPER_BOUNDS[bucket]) {
            bucket++;
        }
        add(counters, SCORES + bucket, 1);
    }

    /** Owner thread only: one shadow score compared with the primary's. */
    static void compare(long[] counters, int shadowScore, int primaryScore) {
        int delta = shadowScore - primaryScore;
        if ((shadowScore < LIKELY_AUTOMATED_BELOW) != (primaryScore < LIKELY_AUTOMATED_BELOW)) {
            add(counters, OPPOSITE_SIDES, 1);
        }
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

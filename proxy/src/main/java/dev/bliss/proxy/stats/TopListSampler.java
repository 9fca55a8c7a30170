package dev.bliss.proxy.stats;

/**
 * Which exchanges of one event loop the top lists look at (client addresses, paths, deciding
 * rules, the JA4s and user agents of low scores), so that hashing values and scanning tables
 * costs the loop about {@value #SAMPLES_PER_SECOND} lookups a second per list, not one per
 * exchange.
 *
 * <pre>
 *   exchanges the loop ended last second     period p               a sample counts for
 *   fewer than 2 x {@value #SAMPLES_PER_SECOND}                       1 (every exchange)     1: the lists are exact
 *   n                                        2^floor(log2(n / {@value #SAMPLES_PER_SECOND}))   p
 * </pre>
 *
 * The next sample is drawn 1 to 2p-1 exchanges ahead, uniformly (mean p), from a per-loop
 * pseudo-random sequence, so that traffic cycling through a few clients or paths cannot fall
 * into step with the period; a sample adds p to its value's count. A value's count is then an
 * estimate of its exchanges, not an exact figure: about 1/sqrt(its samples) off, so a value with
 * 1% of a busy loop's traffic over five minutes (some 770 samples) is within a few percent.
 * The period follows the rate with a second's delay: the first second of a burst is recorded in
 * full, and after a pause sampling restarts at 1.
 *
 * <p><b>Single writer</b> (the owning event loop), told of each new second by its
 * {@link LoopRecorder}, which counts the exchanges anyway. <b>Allocation:</b> none. Per exchange:
 * a decrement.
 */
final class TopListSampler {

    /** About how many exchanges a second a busy loop's top lists look at. */
    static final int SAMPLES_PER_SECOND = 256;

    private int period = 1;
    private int countdown = 1;
    private long random = 0x2545F4914F6CDD1DL;

    /**
     * The weight of the next exchange as a sample of the top lists: 0 when it is not one, else
     * the exchanges it stands for.
     */
    int weight() {
        if (--countdown > 0) {
            return 0;
        }
        countdown = draw();
        return period;
    }

    /**
     * Counts down an exchange that is not a sample when the next one is not due either: true
     * when that is all there was to do, false when {@link #weight()} must decide the exchange.
     * Lets the recorder's common path count down without a call.
     */
    boolean skip() {
        if (countdown > 1) {
            countdown--;
            return true;
        }
        return false;
    }

    /** The current period (1: every exchange is looked at). */
    int period() {
        return period;
    }

    /**
     * A new second began (the loop's {@link ScoreCounts} counted the last one).
     *
     * @param exchangesBefore the exchanges this sampler saw in the second just before; 0 after a
     *                        pause, which starts sampling over at every exchange
     */
    void newSecond(int exchangesBefore) {
        period = periodAfter(exchangesBefore);
        // the pending distance was drawn for the old period; a sample's weight must be the period that drew it
        countdown = draw();
    }

    static int periodAfter(int exchangesLastSecond) {
        int p = exchangesLastSecond / SAMPLES_PER_SECOND;
        return p < 2 ? 1 : Integer.highestOneBit(p);
    }

    /** 1 to 2p-1 exchanges ahead, uniformly: a linear congruential step, its high 31 bits scaled. */
    private int draw() {
        if (period == 1) {
            return 1;
        }
        random = random * 6364136223846793005L + 1442695040888963407L;
        long r = random >>> 33;
        return 1 + (int) ((r * (2L * period - 1)) >>> 31);
    }
}

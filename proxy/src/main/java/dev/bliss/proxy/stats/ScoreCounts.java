package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One event loop's exchanges counted by (score source, score): per second, per minute and since
 * start. The request path adds one to one count of the current second; everything else is
 * derived from the finished second once, when the next one begins.
 *
 * <pre>
 *   row, int[{@value #WIDTH}]   [UNSCORED] [source 0: score 0..99] … [source 7: score 0..99]
 *                       requests = the row's sum, scored = scores 1–99, low = scores 1–29
 *
 *   exchange                       ─► +1 in the current second's row
 *   first exchange of a later second ─► fold the current second: add its row to its minute's row
 *                                       and to the since-start histogram; then reset the new
 *                                       second's row and make it the current one
 * </pre>
 *
 * Every second but the current one has been folded, exactly once. So a reader takes the last
 * minute from the second rows, the last hour from the minute rows plus the current second's row
 * (when its minute is in the hour), and since start from the since-start histogram plus the
 * current second's row. A loop idle for minutes keeps its last second unfolded until its next
 * exchange; the readers count it where it belongs all the same, and drop it with its minute.
 *
 * <p><b>Single writer</b> (the owning event loop). A roll (fold and reset) is bracketed by a
 * sequence number, odd while it runs; a reader reads while the number is even and reads again
 * when it moved meanwhile, so what it adds up is exact: no exchange counted both as folded and
 * still current, no row seen half reset. A roll happens at most once a second and takes about a
 * microsecond, a read a fraction of a millisecond, so a read is hardly ever repeated. The counts
 * of the current second are opaque: a reader sees each whole and eventually current.
 *
 * <p><b>Allocation:</b> none after construction, on the writer's side.
 */
final class ScoreCounts {

    /** The row's count of exchanges with no score source (not scored, or no bot management). */
    static final int UNSCORED = 0;
    static final int HISTOGRAM = 1;
    static final int SCORES = 100;
    static final int WIDTH = HISTOGRAM + ScoreSources.MAX * SCORES;

    static final int SECONDS = 60;
    static final int MINUTES = 60;
    static final long SECOND = 1_000_000_000L;
    static final long MINUTE = 60 * SECOND;

    /**
     * Reads repeated before one is taken as it is. Rolls come a second apart on a real clock, so
     * only a reader stalled for many seconds, or a writer whose clock runs faster, gets here.
     */
    private static final int READ_ATTEMPTS = 1_000;

    private static final VarHandle SEQUENCE;
    private static final VarHandle CURRENT;
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQUENCE = lookup.findVarHandle(ScoreCounts.class, "sequence", int.class);
            CURRENT = lookup.findVarHandle(ScoreCounts.class, "currentSecond", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TimeBuckets seconds = new TimeBuckets(SECOND, SECONDS + 1, WIDTH);
    private final TimeBuckets minutes = new TimeBuckets(MINUTE, MINUTES + 1, WIDTH);
    /** Requests per (source, score) of the folded seconds, for the Prometheus histogram. */
    private final long[] sinceStart = new long[ScoreSources.MAX * SCORES];
    @SuppressWarnings("unused") // through SEQUENCE
    private int sequence;
    /** The unit of the current (unfolded) second, {@link TimeBuckets#NONE} before the first. */
    @SuppressWarnings("unused") // through CURRENT
    private long currentSecond = TimeBuckets.NONE;

    // writer only
    private int[] current;
    private int exchangesBefore;
    private int lowScoresBefore;

    /** The slot of {@code score} (0–99) from source index {@code source}. */
    static int slot(int source, int score) {
        return HISTOGRAM + source * SCORES + score;
    }

    /**
     * Writer: makes the second {@code nanos} falls in the current one, after folding the current
     * one; call when {@code nanos} is past the current second.
     *
     * @return the new second's row, to add to with {@link TimeBuckets#increment}
     */
    int[] roll(long nanos) {
        long unit = Math.floorDiv(nanos, SECOND);
        int s = (int) SEQUENCE.get(this);
        SEQUENCE.setOpaque(this, s + 1);
        // the odd number is stored before any store of the roll (Boehm's seqlock)
        VarHandle.releaseFence();
        long previous = (long) CURRENT.get(this);
        exchangesBefore = 0;
        lowScoresBefore = 0;
        if (current != null) {
            fold(previous, unit == previous + 1);
        }
        current = seconds.at(nanos);
        CURRENT.setOpaque(this, unit);
        SEQUENCE.setRelease(this, s + 2);
        return current;
    }

    /** Writer: the exchanges of the second before the current one (0 when it had none or was not the one just before). */
    int exchangesBefore() {
        return exchangesBefore;
    }

    /** Writer: of those, the ones scored below {@value LoopRecorder#LOW_SCORE}. */
    int lowScoresBefore() {
        return lowScoresBefore;
    }

    private void fold(long second, boolean adjacent) {
        int[] row = current;
        int[] minute = minutes.at(second * SECOND);
        int exchanges = 0;
        int low = 0;
        for (int slot = 0; slot < WIDTH; slot++) {
            int n = row[slot];
            if (n == 0) {
                continue;
            }
            exchanges += n;
            TimeBuckets.add(minute, slot, n);
            if (slot >= HISTOGRAM) {
                int cell = slot - HISTOGRAM;
                CELL.setOpaque(sinceStart, cell, sinceStart[cell] + n);
                low += isLow(cell % SCORES) ? n : 0;
            }
        }
        if (adjacent) {
            exchangesBefore = exchanges;
            lowScoresBefore = low;
        }
    }

    /** Whether {@code score} (0: not computed) is below {@value LoopRecorder#LOW_SCORE}. */
    static boolean isLow(int score) {
        return score > 0 && score < LoopRecorder.LOW_SCORE;
    }

    /**
     * Reader: the windows as of {@code nowNanos} (a {@link System#nanoTime()} value) into
     * {@code into}, which is cleared first.
     */
    void read(Windows into, long nowNanos) {
        for (int attempt = 1; ; attempt++) {
            int s = (int) SEQUENCE.getAcquire(this);
            into.clear();
            readWindows(into, nowNanos);
            if (unchanged(s) || attempt == READ_ATTEMPTS) {
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** Reader: requests per (source, score) since start, added to {@code into} (index {@link #slot} − 1). */
    void readSinceStart(long[] into) {
        long[] read = new long[sinceStart.length];
        for (int attempt = 1; ; attempt++) {
            int s = (int) SEQUENCE.getAcquire(this);
            for (int cell = 0; cell < read.length; cell++) {
                read[cell] = (long) CELL.getOpaque(sinceStart, cell);
            }
            int at = seconds.indexOf((long) CURRENT.getOpaque(this));
            if (at >= 0) {
                for (int cell = 0; cell < read.length; cell++) {
                    read[cell] += seconds.count(at, HISTOGRAM + cell);
                }
            }
            if (unchanged(s) || attempt == READ_ATTEMPTS) {
                break;
            }
            Thread.onSpinWait();
        }
        for (int cell = 0; cell < read.length; cell++) {
            into[cell] += read[cell];
        }
    }

    /** Whether no roll ran since the sequence read {@code s}, nor at that moment. */
    private boolean unchanged(int s) {
        // the reads of the counts before the second look at the sequence
        VarHandle.acquireFence();
        return (s & 1) == 0 && (int) SEQUENCE.getOpaque(this) == s;
    }

    private void readWindows(Windows into, long nowNanos) {
        long now = Math.floorDiv(nowNanos, SECOND);
        for (int i = 0; i < seconds.length(); i++) {
            long unit = seconds.unit(i);
            // the minute: the current second and the 59 before; the series: the 60 complete
            // seconds before the current one, which is still filling
            boolean inMinute = unit > now - SECONDS && unit <= now;
            long age = now - 1 - unit;
            boolean inSeries = age >= 0 && age < SECONDS;
            if (unit == TimeBuckets.NONE || !inMinute && !inSeries) {
                continue;
            }
            long requests = 0;
            long low = 0;
            for (int slot = 0; slot < WIDTH; slot++) {
                int n = seconds.count(i, slot);
                requests += n;
                low += slot >= HISTOGRAM && isLow((slot - HISTOGRAM) % SCORES) ? n : 0;
                if (inMinute) {
                    into.lastMinute[slot] += n;
                }
            }
            if (inSeries) {
                into.requestsPerSecond[SECONDS - 1 - (int) age] += requests;
                into.lowScorePerSecond[SECONDS - 1 - (int) age] += low;
            }
        }
        minutes.addInto(into.lastHour, nowNanos, MINUTES);
        long unfolded = (long) CURRENT.getOpaque(this);
        long minute = Math.floorDiv(nowNanos, MINUTE);
        long itsMinute = Math.floorDiv(unfolded, 60);
        int at = seconds.indexOf(unfolded);
        if (at >= 0 && itsMinute <= minute && itsMinute > minute - MINUTES) {
            for (int slot = 0; slot < WIDTH; slot++) {
                into.lastHour[slot] += seconds.count(at, slot);
            }
        }
    }

    /** What a reader takes from one loop's counts: rows laid out as the second's. */
    static final class Windows {

        final long[] lastMinute = new long[WIDTH];
        final long[] lastHour = new long[WIDTH];
        /** Oldest first, ending with the last complete second. */
        final long[] requestsPerSecond = new long[SECONDS];
        final long[] lowScorePerSecond = new long[SECONDS];

        void clear() {
            java.util.Arrays.fill(lastMinute, 0);
            java.util.Arrays.fill(lastHour, 0);
            java.util.Arrays.fill(requestsPerSecond, 0);
            java.util.Arrays.fill(lowScorePerSecond, 0);
        }
    }
}

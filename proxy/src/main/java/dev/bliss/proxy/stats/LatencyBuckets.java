package dev.bliss.proxy.stats;

/**
 * The bounds of the proxy's time histograms (request duration, origin response time): one
 * 1-2.5-5 series from 100 µs to 60 s, the same for every histogram, so a recorder keeps a count
 * per bucket and a reader turns the counts into Prometheus buckets or quantiles.
 *
 * <p>{@link #index} is a scan from the short end: a request of a millisecond takes four
 * comparisons, no division and no table lookup.
 */
public final class LatencyBuckets {

    /** Upper bounds in seconds, as exposed ({@code le}); the bucket past the last is +Inf. */
    public static final double[] UPPER_BOUNDS_SECONDS = {
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};

    /** Buckets, the +Inf one included. */
    public static final int COUNT = UPPER_BOUNDS_SECONDS.length + 1;

    private static final long[] UPPER_BOUNDS_NANOS = new long[UPPER_BOUNDS_SECONDS.length];

    static {
        for (int i = 0; i < UPPER_BOUNDS_NANOS.length; i++) {
            UPPER_BOUNDS_NANOS[i] = Math.round(UPPER_BOUNDS_SECONDS[i] * 1e9);
        }
    }

    private LatencyBuckets() {
    }

    /** The bucket of {@code nanos}: the first whose upper bound it does not exceed. */
    public static int index(long nanos) {
        long[] bounds = UPPER_BOUNDS_NANOS;
        int i = 0;
        while (i < bounds.length && nanos > bounds[i]) {
            i++;
        }
        return i;
    }

    /**
     * The {@code q} quantile (0–1) of per-bucket {@code counts} in seconds, interpolated linearly
     * inside its bucket as Prometheus's {@code histogram_quantile} does; {@code NaN} without
     * observations. A quantile in the +Inf bucket is the last finite bound.
     */
    public static double quantile(long[] counts, double q) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return Double.NaN;
        }
        double rank = q * total;
        long below = 0;
        for (int i = 0; i < counts.length; i++) {
            if (below + counts[i] >= rank && counts[i] > 0) {
                if (i == UPPER_BOUNDS_SECONDS.length) {
                    return UPPER_BOUNDS_SECONDS[i - 1];
                }
                double low = i == 0 ? 0 : UPPER_BOUNDS_SECONDS[i - 1];
                return low + (UPPER_BOUNDS_SECONDS[i] - low) * (rank - below) / counts[i];
            }
            below += counts[i];
        }
        return UPPER_BOUNDS_SECONDS[UPPER_BOUNDS_SECONDS.length - 1];
    }
}

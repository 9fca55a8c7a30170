package dev.bliss.bot.scoring;

/**
 * One serving model's counters, summed over all scorers, since the {@link ModelSet} was loaded
 * (counts carry over when the model's file is reloaded; a model is identified by its name).
 *
 * @param predictions successful predictions
 * @param failures predictions that gave no score (JNI error or non-finite value)
 * @param compared shadow predictions on requests that had a primary score
 * @param deltaSum sum of (shadow score − primary score) over {@code compared}: its mean says
 *     whether the shadow rates traffic as more human (positive) or more automated than the primary
 * @param absoluteDeltaSum sum of |shadow score − primary score|
 * @param absoluteDeltaHistogram counts of |shadow − primary| per bucket; bucket {@code i} holds
 *     values up to {@link #bucketUpperBound(int) bucketUpperBound(i)} inclusive, above the
 *     previous bound
 */
public record ModelMetrics(
        String name,
        ModelRole role,
        String file,
        int trees,
        int features,
        double sampleRate,
        long predictions,
        long failures,
        long compared,
        long deltaSum,
        long absoluteDeltaSum,
        long[] absoluteDeltaHistogram) {

    /** Number of histogram buckets. */
    public static int buckets() {
        return ModelCounters.BUCKET_UPPER_BOUNDS.length;
    }

    /** Inclusive upper bound of histogram bucket {@code i}: 0, 2, 5, 10, 20, 40, 98. */
    public static int bucketUpperBound(int i) {
        return ModelCounters.BUCKET_UPPER_BOUNDS[i];
    }

    /** Mean (shadow − primary) score over compared requests; NaN when none. */
    public double meanDelta() {
        return compared == 0 ? Double.NaN : (double) deltaSum / compared;
    }
}

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
 * @param oppositeSides compared requests that the shadow and the primary put on opposite sides of
 *     {@value ModelCounters#LIKELY_AUTOMATED_BELOW} (one calls it likely automated, the other not):
 *     the disagreement that would change what a {@code bot.score lt 30} rule does
 * @param scoreHistogram this model's scores (every prediction it made) per bucket of
 *     {@link #scoreUpperBound(int)}, the last bucket above every bound; not cumulative
 * @param scoreSum the sum of those scores
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
        long[] absoluteDeltaHistogram,
        long oppositeSides,
        long[] scoreHistogram,
        long scoreSum) {

    /** Inclusive upper bounds of the score histogram: 1, 5, 10, 20, 29, 40, 50, 60, 70, 80, 90, 99. */
    public static double[] scoreUpperBounds() {
        double[] bounds = new double[ModelCounters.SCORE_UPPER_BOUNDS.length];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = ModelCounters.SCORE_UPPER_BOUNDS[i];
        }
        return bounds;
    }

    /** The share of compared requests on opposite sides of 30; NaN when none were compared. */
    public double disagreement() {
        return compared == 0 ? Double.NaN : (double) oppositeSides / compared;
    }

    /** Mean |shadow − primary| over compared requests; NaN when none. */
    public double meanAbsoluteDelta() {
        return compared == 0 ? Double.NaN : (double) absoluteDeltaSum / compared;
    }

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

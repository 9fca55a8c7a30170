package dev.bliss.training.data;

/**
 * Where the label of a detection-log row comes from: the simulator's ground truth
 * ({@link GroundTruth}, joined on the request id) or the browser challenge's outcomes that the
 * log records itself ({@link ChallengeLabels}). A row without a label is left out of training.
 */
public interface RequestLabels {

    /** The record's label, or null when these labels have none for it. */
    Truth of(DetectionRecord record);

    /** What the labels are, for messages ({@code truth.csv}, {@code the challenge outcomes}). */
    String source();
}

package dev.bliss.training.data;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.ScoreSource;

/**
 * What training uses from one detection-log line.
 *
 * @param requestId the join key with the ground truth
 * @param scoreSource where the proxy's score came from
 * @param score the proxy's score, 0 when not computed
 * @param clientKey the client's {@code keys.ip}, or null when the line has none
 * @param features the model input vector in the log's order (see {@link DetectionLogReader#featureNames()});
 *     NaN where the log holds null
 * @param challenge what the browser challenge did with the request ({@code challenge} in the log;
 *     {@link ChallengeOutcome#NONE} when the line has none, or a value this reader does not know)
 */
public record DetectionRecord(String requestId, ScoreSource scoreSource, int score, String clientKey, float[] features,
                              ChallengeOutcome challenge) {
}

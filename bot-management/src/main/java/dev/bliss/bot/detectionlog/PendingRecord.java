package dev.bliss.bot.detectionlog;

import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.bot.verified.VerifiedBotCategory;
import dev.bliss.plugin.ScoreSource;

/**
 * What inspect learnt about one sampled request, kept until its {@code onComplete}: the copies of
 * the loop's scratch (model input, keys) that the next request would overwrite, and the score.
 *
 * <p>It travels with the request: one record is the plugin's per-request attachment
 * ({@code BotFields.pendingRecord}), made once per pooled field table of the proxy and refilled
 * for each request that table serves, so every request in flight has its own and nothing is
 * looked up. {@link DetectionRecorder#begin} marks it pending, {@link DetectionRecorder#complete}
 * writes it and marks it done.
 *
 * <p>Event-loop only. No method allocates.
 */
public final class PendingRecord {

    final float[] features;
    final long[] keys;
    final int[] detectionIds = new int[DetectionRecordLayout.MAX_DETECTION_IDS];
    /** Shadow scores by shadow position, 0 where the shadow did not score this request. */
    final byte[] shadowScores = new byte[DetectionRecordLayout.MAX_SHADOW_SCORES];
    long keyPresence;
    long arrivalMillis;
    int detectionIdCount;
    int score;
    ScoreSource source = ScoreSource.NOT_COMPUTED;
    boolean featuresAvailable;
    /** The verified bot's category, or null when the request is not a verified bot. */
    VerifiedBotCategory verifiedCategory;
    /** False for a challenge submission the sampling passed over: written only if its outcome is a label. */
    boolean sampled;
    /** Begun for the request the record's table serves now, not yet completed. */
    boolean pending;

    /** A record for a schema of {@code dimensions} dimension keys and {@code inputs} model inputs. */
    public PendingRecord(int dimensions, int inputs) {
        this.features = new float[inputs];
        this.keys = new long[dimensions];
    }

    /** Copies the whole model input vector. */
    public PendingRecord features(float[] input) {
        System.arraycopy(input, 0, features, 0, features.length);
        return this;
    }

    /** Copies the request's dimension keys (those it has). */
    public PendingRecord keys(RequestKeys requestKeys) {
        long presence = 0;
        for (int i = 0; i < keys.length; i++) {
            boolean has = requestKeys.has(i);
            keys[i] = has ? requestKeys.key(i) : 0;
            presence |= has ? 1L << i : 0;
        }
        keyPresence = presence;
        return this;
    }

    /**
     * @param score             1–99, 0 when not computed
     * @param featuresAvailable whether the store's inter-request features were used
     */
    public PendingRecord score(int score, ScoreSource source, boolean featuresAvailable) {
        this.score = score;
        this.source = source;
        this.featuresAvailable = featuresAvailable;
        return this;
    }

    /** @param category the verified bot's category, or null when the request is not one */
    public PendingRecord verified(VerifiedBotCategory category) {
        this.verifiedCategory = category;
        return this;
    }

    /**
     * The score shadow model {@code shadow} (its position in models.yaml) gave; positions past
     * {@link DetectionRecordLayout#MAX_SHADOW_SCORES} are left out.
     */
    public PendingRecord shadowScore(int shadow, int score) {
        if (shadow < shadowScores.length) {
            shadowScores[shadow] = (byte) score;
        }
        return this;
    }

    /** Appends a detection id; ids past {@link DetectionRecordLayout#MAX_DETECTION_IDS} are left out. */
    public PendingRecord detectionId(long id) {
        if (detectionIdCount < detectionIds.length) {
            detectionIds[detectionIdCount++] = (int) id;
        }
        return this;
    }

    void clear() {
        detectionIdCount = 0;
        java.util.Arrays.fill(shadowScores, (byte) 0);
        keyPresence = 0;
        score = 0;
        source = ScoreSource.NOT_COMPUTED;
        featuresAvailable = false;
        verifiedCategory = null;
    }
}

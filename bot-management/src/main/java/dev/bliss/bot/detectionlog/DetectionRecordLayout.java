package dev.bliss.bot.detectionlog;

import dev.bliss.bot.BotFields;

/**
 * The binary record of one request in the detection log's ring: written by an event loop in
 * {@link DetectionRecorder}, read by the writer thread in {@link DetectionJson}. Both sides are in
 * one process, so numbers are in the buffer's native order.
 *
 * <pre>
 *   0                   8                   16                  24                  32
 *   ├─ timestamp ms ────┼ status ─┼ score ──┼ flags ──┼S┼A┼C┼N─┼─ key presence ────┤
 *   32                  40
 *   ├ rule len┼ id len ─┼ shadows ┤
 *   40: keys          long × dimensions          (a key's bit in presence says it exists)
 *       features      float × model inputs       (the whole input vector, in input order)
 *       detection ids int × N
 *       rule id       char × rule len            (UTF-16 code units)
 *       request id    char × id len
 *
 *   S score source ordinal   A firewall action ordinal   C verified category ordinal + 1 (0: none)
 *   N detection id count     flags: bit 0 verified, bit 1 features available,
 *                            bits 8–15 the browser challenge's outcome (ChallengeOutcome ordinal; 0 none)
 *   shadows: one byte per shadow model in models.yaml order, its score 1–99, 0 = not scored
 * </pre>
 *
 * Strings are bounded ({@link #MAX_RULE_ID}, {@link #MAX_REQUEST_ID}; longer ones are cut) so
 * a record's size is bounded by the schema alone.
 */
public final class DetectionRecordLayout {

    /** The ring's message type of a detection record. */
    public static final int MESSAGE_TYPE = 1;

    public static final int TIMESTAMP_OFFSET = 0;
    public static final int STATUS_OFFSET = 8;
    public static final int SCORE_OFFSET = 12;
    public static final int FLAGS_OFFSET = 16;
    public static final int SOURCE_OFFSET = 20;
    public static final int ACTION_OFFSET = 21;
    public static final int CATEGORY_OFFSET = 22;
    public static final int DETECTION_COUNT_OFFSET = 23;
    public static final int KEY_PRESENCE_OFFSET = 24;
    public static final int RULE_ID_LENGTH_OFFSET = 32;
    public static final int REQUEST_ID_LENGTH_OFFSET = 34;
    public static final int SHADOW_SCORES_OFFSET = 36;
    /** Shadow scores kept per record; further shadows are scored and counted but not logged. */
    public static final int MAX_SHADOW_SCORES = 4;
    public static final int KEYS_OFFSET = 40;

    public static final int FLAG_VERIFIED = 1;
    public static final int FLAG_FEATURES_AVAILABLE = 2;
    /** The challenge outcome's ordinal sits in flags' second byte. */
    public static final int CHALLENGE_SHIFT = 8;

    /** Presence is one bit per dimension in a long. */
    public static final int MAX_DIMENSIONS = 64;
    /** As many as {@code bot.detection_ids} holds. */
    public static final int MAX_DETECTION_IDS = BotFields.MAX_DETECTION_IDS;
    public static final int MAX_RULE_ID = 256;
    /** The proxy's own bound on a believed request id. */
    public static final int MAX_REQUEST_ID = 128;

    private DetectionRecordLayout() {
    }

    public static int featuresOffset(int dimensions) {
        return KEYS_OFFSET + Long.BYTES * dimensions;
    }

    public static int detectionIdsOffset(int dimensions, int inputs) {
        return featuresOffset(dimensions) + Float.BYTES * inputs;
    }

    public static int ruleIdOffset(int dimensions, int inputs, int detectionIds) {
        return detectionIdsOffset(dimensions, inputs) + Integer.BYTES * detectionIds;
    }

    public static int requestIdOffset(int dimensions, int inputs, int detectionIds, int ruleIdLength) {
        return ruleIdOffset(dimensions, inputs, detectionIds) + Character.BYTES * ruleIdLength;
    }

    public static int length(int dimensions, int inputs, int detectionIds, int ruleIdLength, int requestIdLength) {
        return requestIdOffset(dimensions, inputs, detectionIds, ruleIdLength) + Character.BYTES * requestIdLength;
    }

    /** The largest record of a schema. */
    public static int maxLength(int dimensions, int inputs) {
        return length(dimensions, inputs, MAX_DETECTION_IDS, MAX_RULE_ID, MAX_REQUEST_ID);
    }

    /** Refuses a schema whose keys do not fit the presence bits. */
    public static int checkDimensions(int dimensions) {
        if (dimensions > MAX_DIMENSIONS) {
            throw new IllegalArgumentException("the detection log records at most " + MAX_DIMENSIONS + " dimensions, the schema has " + dimensions);
        }
        return dimensions;
    }
}

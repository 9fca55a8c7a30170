package dev.bliss.bot.detectionlog;

import dev.bliss.bot.verified.VerifiedBotCategory;
import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.detections.DetectionLogLine;
import java.util.List;
import org.agrona.DirectBuffer;

/**
 * Turns one binary record ({@link DetectionRecordLayout}) into its JSON line. The field names
 * are {@link DetectionLogLine}'s, which the trainer's reader takes too (each concatenation below
 * is a compile-time constant: no cost per line).
 *
 * <pre>
 * {"ts":1764500000000,"request_id":"5f0c9a1e-0000-00000000002a","status":200,"score":23,
 *  "score_source":"machine_learning","detection_ids":[1,301],"verified":false,
 *  "features_available":true,"rule_id":"r1","action":"challenge","challenge":"issued","shadow_scores":{"candidate":31},
 *  "keys":{"ip":"9e3779b97f4a7c15",…},"features":{"header_count":7.0,…,"ip.reqs_1m":12.0,…}}
 * </pre>
 *
 * {@code verified_category} follows {@code verified} only for verified bots; {@code rule_id} is
 * left out when no rule matched ({@code action} is then {@code none}); {@code challenge} is what the
 * browser challenge did ({@code issued}, {@code cleared}, {@code solved}, {@code failed},
 * {@code replayed}: a solution's own request says solved, failed or replayed), left out when it
 * was not involved; {@code keys} holds only the
 * dimensions the request had a key for, as 16 lowercase hex digits; {@code features} holds the
 * whole model input vector in input order, non-finite values as {@code null}.
 * {@code shadow_scores} holds the shadow models that scored the request (by name; left out when
 * none did). Names are those of the models in force when the line is written: a line of a
 * request scored just before a reload that renamed or reordered the shadows may carry the new
 * names.
 *
 * <p>Lines are pure ASCII (anything else is escaped). Writer thread only; builds into a reused
 * {@link AsciiLine}, allocating only to print fractional floats.
 */
final class DetectionJson {

    private static final ScoreSource[] SOURCES = ScoreSource.values();
    private static final FirewallAction[] ACTIONS = FirewallAction.values();
    private static final ChallengeOutcome[] CHALLENGES = ChallengeOutcome.values();
    private static final VerifiedBotCategory[] CATEGORIES = VerifiedBotCategory.values();

    /** {@code "name":} of each dimension and each input, escaped and encoded once. */
    private final byte[][] keyNames;
    private final byte[][] featureNames;

    /** The name of the shadow model at a position, or null; called on the writer thread. */
    private final java.util.function.IntFunction<String> shadowNames;

    DetectionJson(List<String> dimensionNames, List<String> inputNames, java.util.function.IntFunction<String> shadowNames) {
        this.keyNames = quotedNames(dimensionNames);
        this.featureNames = quotedNames(inputNames);
        this.shadowNames = shadowNames;
    }

    private static byte[][] quotedNames(List<String> names) {
        byte[][] quoted = new byte[names.size()][];
        AsciiLine b = new AsciiLine();
        for (int i = 0; i < quoted.length; i++) {
            b.clear();
            string(b, names.get(i));
            b.append(':');
            quoted[i] = java.util.Arrays.copyOf(b.bytes(), b.length());
        }
        return quoted;
    }

    /** Appends the record at {@code at} of {@code buffer} as one line, without the newline. */
    void format(DirectBuffer buffer, int at, AsciiLine b) {
        int dimensions = keyNames.length;
        int inputs = featureNames.length;
        int count = buffer.getByte(at + DetectionRecordLayout.DETECTION_COUNT_OFFSET) & 0xFF;
        int ruleLength = buffer.getShort(at + DetectionRecordLayout.RULE_ID_LENGTH_OFFSET);
        int idLength = buffer.getShort(at + DetectionRecordLayout.REQUEST_ID_LENGTH_OFFSET);
        int flags = buffer.getInt(at + DetectionRecordLayout.FLAGS_OFFSET);
        int ruleAt = at + DetectionRecordLayout.ruleIdOffset(dimensions, inputs, count);

        b.append("{\"" + DetectionLogLine.TS + "\":").append(buffer.getLong(at + DetectionRecordLayout.TIMESTAMP_OFFSET));
        b.append(",\"" + DetectionLogLine.REQUEST_ID + "\":");
        chars(b, buffer, ruleAt + Character.BYTES * ruleLength, idLength);
        b.append(",\"" + DetectionLogLine.STATUS + "\":").append(buffer.getInt(at + DetectionRecordLayout.STATUS_OFFSET));
        b.append(",\"" + DetectionLogLine.SCORE + "\":").append(buffer.getInt(at + DetectionRecordLayout.SCORE_OFFSET));
        b.append(",\"" + DetectionLogLine.SCORE_SOURCE + "\":\"").append(SOURCES[buffer.getByte(at + DetectionRecordLayout.SOURCE_OFFSET)].text()).append('"');
        b.append(",\"" + DetectionLogLine.DETECTION_IDS + "\":[");
        int d = at + DetectionRecordLayout.detectionIdsOffset(dimensions, inputs);
        for (int i = 0; i < count; i++, d += Integer.BYTES) {
            if (i > 0) {
                b.append(',');
            }
            b.append(buffer.getInt(d));
        }
        boolean verified = (flags & DetectionRecordLayout.FLAG_VERIFIED) != 0;
        b.append("],\"" + DetectionLogLine.VERIFIED + "\":").append(verified);
        int category = buffer.getByte(at + DetectionRecordLayout.CATEGORY_OFFSET) & 0xFF;
        if (verified && category > 0) {
            b.append(",\"" + DetectionLogLine.VERIFIED_CATEGORY + "\":\"").append(CATEGORIES[category - 1].text()).append('"');
        }
        b.append(",\"" + DetectionLogLine.FEATURES_AVAILABLE + "\":").append((flags & DetectionRecordLayout.FLAG_FEATURES_AVAILABLE) != 0);
        if (ruleLength > 0) {
            b.append(",\"" + DetectionLogLine.RULE_ID + "\":");
            chars(b, buffer, ruleAt, ruleLength);
        }
        b.append(",\"" + DetectionLogLine.ACTION + "\":\"").append(ACTIONS[buffer.getByte(at + DetectionRecordLayout.ACTION_OFFSET)].text()).append('"');
        int challenge = flags >>> DetectionRecordLayout.CHALLENGE_SHIFT & 0xFF;
        if (challenge != ChallengeOutcome.NONE.ordinal() && challenge < CHALLENGES.length) {
            b.append(",\"" + DetectionLogLine.CHALLENGE + "\":\"").append(CHALLENGES[challenge].text()).append('"');
        }
        boolean firstShadow = true;
        for (int i = 0; i < DetectionRecordLayout.MAX_SHADOW_SCORES; i++) {
            int shadow = buffer.getByte(at + DetectionRecordLayout.SHADOW_SCORES_OFFSET + i);
            String name = shadow > 0 ? shadowNames.apply(i) : null;
            if (name == null) {
                continue;
            }
            b.append(firstShadow ? ",\"" + DetectionLogLine.SHADOW_SCORES + "\":{" : ",");
            firstShadow = false;
            string(b, name);
            b.append(':').append(shadow);
        }
        if (!firstShadow) {
            b.append('}');
        }

        b.append(",\"" + DetectionLogLine.KEYS + "\":{");
        long presence = buffer.getLong(at + DetectionRecordLayout.KEY_PRESENCE_OFFSET);
        boolean first = true;
        int k = at + DetectionRecordLayout.KEYS_OFFSET;
        for (int i = 0; i < dimensions; i++, k += Long.BYTES) {
            if ((presence & 1L << i) == 0) {
                continue;
            }
            if (!first) {
                b.append(',');
            }
            first = false;
            b.append(keyNames[i]).append('"').appendHex16(buffer.getLong(k)).append('"');
        }
        b.append("},\"" + DetectionLogLine.FEATURES + "\":{");
        int f = at + DetectionRecordLayout.featuresOffset(dimensions);
        for (int i = 0; i < inputs; i++, f += Float.BYTES) {
            if (i > 0) {
                b.append(',');
            }
            b.append(featureNames[i]);
            number(b, buffer.getFloat(f));
        }
        b.append("}}");
    }

    /**
     * A float as a JSON number that reads back as the same float: whole numbers below 2^24 as
     * {@code 7.0} without Float.toString (counts are most features, and its shortest-digits search
     * is the writer's main cost), others as Float.toString writes them ({@code 0.25},
     * {@code 1.0E-5}, {@code -0.0}); non-finite as {@code null}.
     */
    private static void number(AsciiLine b, float v) {
        if (Math.abs(v) < 0x1p24f && v == (int) v && Float.floatToRawIntBits(v) != Integer.MIN_VALUE) {
            b.append((int) v).append(".0");
        } else if (Float.isFinite(v)) {
            b.append(Float.toString(v)); // the one allocation per line left, for fractional values
        } else {
            b.append("null");
        }
    }

    private static void chars(AsciiLine b, DirectBuffer buffer, int from, int length) {
        b.append('"');
        for (int i = 0; i < length; i++) {
            escaped(b, buffer.getChar(from + Character.BYTES * i));
        }
        b.append('"');
    }

    private static void string(AsciiLine b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            escaped(b, s.charAt(i));
        }
        b.append('"');
    }

    /** Lines are ASCII: controls and everything beyond ASCII are written as JSON escapes. */
    private static void escaped(AsciiLine b, char c) {
        switch (c) {
            case '"' -> b.append('\\').append('"');
            case '\\' -> b.append('\\').append('\\');
            default -> {
                if (c < 0x20 || c > 0x7E) {
                    b.appendUnicodeEscape(c);
                } else {
                    b.append(c);
                }
            }
        }
    }
}

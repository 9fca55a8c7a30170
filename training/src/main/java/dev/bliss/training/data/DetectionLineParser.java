package dev.bliss.training.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.detections.DetectionLogLine;
import dev.bliss.store.json.JsonFormatException;
import dev.bliss.store.json.JsonValue;
import dev.bliss.store.json.StrictJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One detection-log line into its {@link DetectionRecord}, straight from Jackson's tokens: no
 * tree, no boxed numbers, so the cost per line is the parse and the record. The line is read
 * whole by {@link StrictJson}'s rules (a field this reader skips is still parsed, so a broken or
 * duplicated field anywhere refuses the line).
 *
 * <p>Fields: {@code request_id}, {@code score_source} (strings) and {@code score} (an integer)
 * are required; {@code keys.ip} and {@code challenge} are optional; {@code features} (an object
 * of numbers or nulls) must list the expected names in the expected order. Anything else is
 * skipped, so newer logs still read. Errors are {@link JsonFormatException}s at the offending
 * token (the line's line number is always 1: the caller knows the file's).
 *
 * <p>Stateless; thread-safe.
 */
final class DetectionLineParser {

    private DetectionLineParser() {
    }

    /** The names of the line's features object, in order: what every later line must list. */
    static List<String> featureNames(String line) throws JsonFormatException {
        return StrictJson.read(line, p -> {
            expectObject(p);
            List<String> names = null;
            for (String field = p.nextFieldName(); field != null; field = p.nextFieldName()) {
                p.nextToken();
                if (field.equals(DetectionLogLine.FEATURES)) {
                    expectObject(p);
                    names = new ArrayList<>();
                    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                        p.nextToken();
                        p.skipChildren();
                        names.add(name);
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (names == null) {
                throw StrictJson.error(p, DetectionLogLine.FEATURES + ": is missing");
            }
            return List.copyOf(names);
        });
    }

    /** The line's record, its features checked against {@code featureNames}. */
    static DetectionRecord parse(String line, List<String> featureNames) throws JsonFormatException {
        return StrictJson.read(line, p -> record(p, featureNames));
    }

    private static DetectionRecord record(JsonParser p, List<String> featureNames) throws IOException, JsonFormatException {
        expectObject(p);
        String requestId = null;
        String source = null;
        int score = 0;
        boolean scored = false;
        String clientKey = null;
        String challenge = null;
        float[] features = null;
        for (String field = p.nextFieldName(); field != null; field = p.nextFieldName()) {
            p.nextToken();
            switch (field) {
                case DetectionLogLine.REQUEST_ID -> requestId = string(p);
                case DetectionLogLine.SCORE_SOURCE -> source = string(p);
                case DetectionLogLine.SCORE -> {
                    score = integer(p);
                    scored = true;
                }
                case DetectionLogLine.KEYS -> clientKey = clientKey(p);
                case DetectionLogLine.CHALLENGE -> challenge = string(p);
                case DetectionLogLine.FEATURES -> features = features(p, featureNames);
                default -> p.skipChildren();
            }
        }
        // at the closing brace: what is missing is missing from the whole line
        if (requestId == null) {
            throw StrictJson.error(p, DetectionLogLine.REQUEST_ID + ": is missing");
        }
        if (source == null) {
            throw StrictJson.error(p, DetectionLogLine.SCORE_SOURCE + ": is missing");
        }
        if (!scored) {
            throw StrictJson.error(p, DetectionLogLine.SCORE + ": is missing");
        }
        if (features == null) {
            throw StrictJson.error(p, DetectionLogLine.FEATURES + ": is missing");
        }
        return new DetectionRecord(requestId, ScoreSource.of(source), score, clientKey, features, challenge(challenge));
    }

    private static float[] features(JsonParser p, List<String> names) throws IOException, JsonFormatException {
        expectObject(p);
        float[] vector = new float[names.size()];
        int i = 0;
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            if (i == names.size()) {
                throw StrictJson.error(p, "more than the " + names.size() + " features of the log's first line");
            }
            if (!name.equals(names.get(i))) {
                throw StrictJson.error(p, "feature " + i + " is \"" + name + "\", the log's first line has \""
                        + names.get(i) + "\" there");
            }
            JsonToken value = p.nextToken();
            if (value == JsonToken.VALUE_NUMBER_FLOAT || value == JsonToken.VALUE_NUMBER_INT) {
                // through double as every reader of these numbers does (the JNI gets floats of doubles)
                vector[i] = (float) p.getDoubleValue();
            } else if (value == JsonToken.VALUE_NULL) {
                vector[i] = Float.NaN;
            } else {
                throw StrictJson.error(p, "expected a number or null, got " + kind(value));
            }
            i++;
        }
        if (i != names.size()) {
            throw StrictJson.error(p, i + " features, the log's first line has " + names.size());
        }
        return vector;
    }

    /** {@code keys.ip}, the key a trainer groups a client's rows by; null when the line has none. */
    private static String clientKey(JsonParser p) throws IOException, JsonFormatException {
        expectObject(p);
        String key = null;
        for (String dimension = p.nextFieldName(); dimension != null; dimension = p.nextFieldName()) {
            p.nextToken();
            if (dimension.equals(DetectionLogLine.CLIENT_KEY)) {
                key = string(p);
            } else {
                p.skipChildren();
            }
        }
        return key;
    }

    private static void expectObject(JsonParser p) throws JsonFormatException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw StrictJson.error(p, "expected an object, got " + kind(p.currentToken()));
        }
    }

    private static String string(JsonParser p) throws IOException, JsonFormatException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw StrictJson.error(p, "expected a string, got " + kind(p.currentToken()));
        }
        return p.getText();
    }

    private static int integer(JsonParser p) throws IOException, JsonFormatException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            throw StrictJson.error(p, "expected an integer, got " + (p.currentToken().isNumeric() ? p.getText() : kind(p.currentToken())));
        }
        return p.getIntValue();
    }

    /** A newer proxy's outcome that this reader does not know is no label: read as none. */
    private static ChallengeOutcome challenge(String text) {
        if (text != null) {
            for (ChallengeOutcome o : ChallengeOutcome.values()) {
                if (o.text().equals(text)) {
                    return o;
                }
            }
        }
        return ChallengeOutcome.NONE;
    }

    private static JsonValue.Kind kind(JsonToken token) {
        return JsonValue.Kind.of(token);
    }
}

package dev.bliss.training.data;

import dev.bliss.training.json.JsonParser;
import dev.bliss.training.json.JsonSyntaxException;
import java.io.BufferedReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a detection log: JSON lines, one request each, as the bot-management plugin writes them.
 *
 * <pre>
 * {"ts":…,"request_id":"s7-000000123","status":200,"score":23,"score_source":"machine_learning",
 *  "keys":{"ip":"…",…},"features":{"header_count":7.0,…,"ip.reqs_1m":3.0,…}, …}
 * </pre>
 *
 * Used: {@code request_id} (string), {@code score} (integer), {@code score_source},
 * {@code keys.ip} (optional) and {@code features} (an object of numbers or nulls, in the model
 * input order). Other fields are ignored, so newer logs still read. Every line must list the same
 * features in the same order as the first: a log that mixes schemas cannot train one model.
 * Blank lines are skipped.
 *
 * <p>Not thread-safe; one reader per file.
 */
public final class DetectionLogReader implements AutoCloseable {

    private final Path file;
    private final BufferedReader in;
    private final boolean skipBad;
    private List<String> featureNames;
    private int line;
    private int nonBlank;
    private int skipped;

    private DetectionLogReader(Path file, BufferedReader in, boolean skipBad) {
        this.file = file;
        this.in = in;
        this.skipBad = skipBad;
    }

    /**
     * @param skipBad skip and count malformed lines instead of failing on the first
     *     ({@link #skippedLines()}); a log cut short by a killed proxy ends with half a line
     */
    public static DetectionLogReader open(Path file, boolean skipBad) throws DataException {
        try {
            return new DetectionLogReader(file, Files.newBufferedReader(file, StandardCharsets.UTF_8), skipBad);
        } catch (IOException e) {
            throw new DataException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** The feature names of the first record, in input order; null before it is read. */
    public List<String> featureNames() {
        return featureNames;
    }

    /**
     * Fixes the feature names expected on every line (the names of an earlier file), so several
     * rotated files read as one log.
     */
    public void expectFeatures(List<String> names) {
        this.featureNames = List.copyOf(names);
    }

    /** Malformed lines skipped so far (only with skipBad). */
    public int skippedLines() {
        return skipped;
    }

    /** Non-blank lines read so far. */
    public int linesRead() {
        return nonBlank;
    }

    /** The next record, or null at the end of the file. */
    public DetectionRecord next() throws DataException {
        while (true) {
            String text;
            try {
                text = in.readLine();
            } catch (IOException e) {
                throw new DataException(file + ":" + (line + 1) + ": cannot read: " + e.getMessage(), e);
            }
            if (text == null) {
                return null;
            }
            line++;
            if (text.isBlank()) {
                continue;
            }
            nonBlank++;
            try {
                return parse(text);
            } catch (DataException e) {
                if (!skipBad) {
                    throw new DataException(file + ":" + line + ": " + e.getMessage());
                }
                skipped++;
            }
        }
    }

    private DetectionRecord parse(String text) throws DataException {
        Object doc;
        try {
            doc = JsonParser.parse(text);
        } catch (JsonSyntaxException e) {
            throw new DataException("not JSON: " + e.getMessage());
        }
        if (!(doc instanceof Map<?, ?> root)) {
            throw new DataException("expected a JSON object, got " + JsonParser.kind(doc));
        }
        String requestId = string(root, "request_id", true);
        String source = string(root, "score_source", true);
        Object scoreValue = root.get("score");
        if (!(scoreValue instanceof Double score) || score != Math.rint(score)) {
            throw new DataException("score: expected an integer, got " + JsonParser.kind(scoreValue));
        }
        String clientKey = null;
        if (root.get("keys") instanceof Map<?, ?> keys && keys.get("ip") instanceof String ip) {
            clientKey = ip;
        }
        Object featuresValue = root.get("features");
        if (!(featuresValue instanceof Map<?, ?> features)) {
            throw new DataException("features: expected an object, got " + JsonParser.kind(featuresValue));
        }
        if (featureNames == null) {
            List<String> names = new ArrayList<>(features.size());
            for (Object name : features.keySet()) {
                names.add((String) name);
            }
            featureNames = List.copyOf(names);
        }
        if (features.size() != featureNames.size()) {
            throw new DataException("features: " + features.size() + " features, the log's first line has "
                    + featureNames.size());
        }
        float[] vector = new float[featureNames.size()];
        int i = 0;
        for (Map.Entry<?, ?> e : features.entrySet()) {
            String name = (String) e.getKey();
            if (!name.equals(featureNames.get(i))) {
                throw new DataException("features: feature " + i + " is \"" + name + "\", the log's first line has \""
                        + featureNames.get(i) + "\" there");
            }
            Object v = e.getValue();
            if (v instanceof Double d) {
                vector[i] = (float) d.doubleValue();
            } else if (v == JsonParser.NULL) {
                vector[i] = Float.NaN;
            } else {
                throw new DataException("features." + name + ": expected a number or null, got " + JsonParser.kind(v));
            }
            i++;
        }
        return new DetectionRecord(requestId, ScoreSource.fromLog(source), (int) (double) (Double) scoreValue,
                clientKey, vector);
    }

    private static String string(Map<?, ?> root, String key, boolean required) throws DataException {
        Object v = root.get(key);
        if (v instanceof String s) {
            return s;
        }
        if (v == null && !required) {
            return null;
        }
        throw new DataException(key + ": expected a string, got " + JsonParser.kind(v));
    }

    @Override
    public void close() throws DataException {
        try {
            in.close();
        } catch (IOException e) {
            throw new DataException(file + ": " + e.getMessage(), e);
        }
    }
}

package dev.bliss.features.importer;

import dev.bliss.features.DimensionKeyText;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bulk import, the "fetch, parse, store" path: feature values computed elsewhere, read from a
 * file or an HTTP(S) URL as CSV or JSON lines ({@link ImportFormat}), checked against the schema
 * and turned into complete vectors per key (features a source leaves out hold their defaults).
 *
 * <p>All or nothing: the whole source is parsed before anything is returned, and the first line
 * that does not parse, names an unknown dimension or feature, or carries a key or value of the
 * wrong kind fails the import with its line number. A key given twice keeps its last values.
 *
 * <p>Keys are the attributes as text (an address, a user agent, a JA4 fingerprint…), turned into
 * u64 keys with {@link DimensionKeyText}, the same functions the proxy uses.
 *
 * <p>Stateless apart from the schema; thread-safe.
 */
public final class FeatureImporter {

    private static final String CSV_HEADER = "dimension,key,feature,value";

    private final FeatureSchema schema;

    public FeatureImporter(FeatureSchema schema) {
        this.schema = schema;
    }

    /** Reads {@code source}, a file path or an http(s) URL, in the format its name implies unless given. */
    public ImportedFeatures read(String source, ImportFormat format) throws ImportException {
        ImportFormat f = format != null ? format : ImportFormat.fromName(source);
        try (BufferedReader in = open(source)) {
            return read(in, f, source);
        } catch (IOException e) {
            throw new ImportException(source, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Reads text already in memory (an upload to the admin endpoint). */
    public ImportedFeatures read(String text, ImportFormat format, String sourceName) throws ImportException {
        try (BufferedReader in = new BufferedReader(new StringReader(text))) {
            return read(in, format, sourceName);
        } catch (IOException e) {
            throw new ImportException(sourceName, "cannot read: " + e.getMessage(), e);
        }
    }

    private static BufferedReader open(String source) throws ImportException, IOException {
        if (source.startsWith("http://") || source.startsWith("https://")) {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                    .followRedirects(HttpClient.Redirect.NORMAL).build();
            HttpResponse<java.io.InputStream> response;
            try {
                response = client.send(HttpRequest.newBuilder(URI.create(source)).timeout(Duration.ofMinutes(5)).build(),
                        HttpResponse.BodyHandlers.ofInputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ImportException(source, "interrupted", e);
            } catch (IllegalArgumentException e) {
                throw new ImportException(source, 0, "not a URL: " + e.getMessage());
            }
            if (response.statusCode() != 200) {
                response.body().close();
                throw new ImportException(source, 0, "HTTP status " + response.statusCode());
            }
            return new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
        }
        try {
            return Files.newBufferedReader(Path.of(source), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ImportException(source, 0, "no such file");
        }
    }

    /** Reads every line of {@code in}. */
    public ImportedFeatures read(BufferedReader in, ImportFormat format, String sourceName)
            throws ImportException, IOException {
        List<SchemaDimension> dims = schema.dimensions();
        List<Map<Long, float[]>> byDimension = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            byDimension.add(new LinkedHashMap<>());
        }
        long number = 0;
        boolean header = false;
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isBlank() || format == ImportFormat.CSV && line.startsWith("#")) {
                continue;
            }
            try {
                if (format == ImportFormat.CSV) {
                    List<String> fields = csvFields(line);
                    if (!header) {
                        if (!String.join(",", fields).trim().equalsIgnoreCase(CSV_HEADER)) {
                            throw new LineError("expected the header \"" + CSV_HEADER + "\", got \"" + line + '"');
                        }
                        header = true;
                        continue;
                    }
                    if (fields.size() != 4) {
                        throw new LineError("expected 4 fields (" + CSV_HEADER + "), got " + fields.size());
                    }
                    int d = dimension(fields.get(0));
                    float[] vector = vector(byDimension, d, fields.get(1));
                    vector[feature(d, fields.get(2))] = value(fields.get(2), fields.get(3));
                } else {
                    jsonLine(line, byDimension);
                }
            } catch (LineError e) {
                throw new ImportException(sourceName, number, e.getMessage());
            }
        }
        if (format == ImportFormat.CSV && !header) {
            throw new ImportException(sourceName, number, "empty: no header \"" + CSV_HEADER + '"');
        }
        List<long[]> keys = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            Map<Long, float[]> m = byDimension.get(d);
            int length = dims.get(d).features().size();
            long[] k = new long[m.size()];
            float[] v = new float[m.size() * length];
            int i = 0;
            for (Map.Entry<Long, float[]> e : m.entrySet()) {
                k[i] = e.getKey();
                System.arraycopy(e.getValue(), 0, v, i * length, length);
                i++;
            }
            keys.add(k);
            vectors.add(v);
        }
        return new ImportedFeatures(List.copyOf(keys), List.copyOf(vectors), sourceName, number);
    }

    private void jsonLine(String line, List<Map<Long, float[]>> byDimension) throws LineError {
        JsonObject json;
        try {
            json = new JsonObject(line);
        } catch (DecodeException | ClassCastException e) {
            throw new LineError("not a JSON object: " + firstLine(e.getMessage()));
        }
        for (String field : json.fieldNames()) {
            if (!field.equals("dimension") && !field.equals("key") && !field.equals("features")) {
                throw new LineError("unknown field \"" + field + "\" (expected dimension, key, features)");
            }
        }
        if (!(json.getValue("dimension") instanceof String dimension)) {
            throw new LineError("\"dimension\" must be a string");
        }
        if (!(json.getValue("key") instanceof String key)) {
            throw new LineError("\"key\" must be a string (the attribute: an address, a user agent, …)");
        }
        if (!(json.getValue("features") instanceof JsonObject features)) {
            throw new LineError("\"features\" must be an object of feature names to numbers");
        }
        int d = dimension(dimension);
        float[] vector = vector(byDimension, d, key);
        for (String name : features.fieldNames()) {
            Object v = features.getValue(name);
            if (!(v instanceof Number n)) {
                throw new LineError("feature " + name + ": not a number: " + v);
            }
            float f = n.floatValue();
            if (!Float.isFinite(f)) {
                throw new LineError("feature " + name + ": not a finite float: " + v);
            }
            vector[feature(d, name)] = f;
        }
    }

    private int dimension(String name) throws LineError {
        int d = schema.dimensionIndex(name.trim());
        if (d < 0) {
            List<String> names = schema.dimensions().stream().map(SchemaDimension::name).toList();
            throw new LineError("unknown dimension \"" + name + "\" (known: " + String.join(", ", names) + ')');
        }
        return d;
    }

    private int feature(int d, String name) throws LineError {
        SchemaDimension dim = schema.dimensions().get(d);
        int f = dim.featureNames().indexOf(name.trim());
        if (f < 0) {
            throw new LineError("dimension " + dim.name() + " has no feature \"" + name + "\" (known: "
                    + String.join(", ", dim.featureNames()) + ')');
        }
        return f;
    }

    private float[] vector(List<Map<Long, float[]>> byDimension, int d, String keyText) throws LineError {
        SchemaDimension dim = schema.dimensions().get(d);
        long key;
        try {
            key = DimensionKeyText.key(dim, keyText);
        } catch (IllegalArgumentException e) {
            throw new LineError(e.getMessage());
        }
        return byDimension.get(d).computeIfAbsent(key, k -> {
            float[] v = new float[dim.features().size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = dim.features().get(i).defaultValue();
            }
            return v;
        });
    }

    private static float value(String feature, String text) throws LineError {
        try {
            float f = Float.parseFloat(text.trim());
            if (Float.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new LineError("feature " + feature.trim() + ": not a number: \"" + text + '"');
    }

    /** Splits one CSV line (RFC 4180 quoting, no line breaks inside a field). */
    static List<String> csvFields(String line) throws LineError {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        int n = line.length();
        while (true) {
            field.setLength(0);
            if (i < n && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= n) {
                        throw new LineError("unterminated quoted field");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < n && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                if (i < n && line.charAt(i) != ',') {
                    throw new LineError("text after a closing quote at column " + (i + 1));
                }
            } else {
                while (i < n && line.charAt(i) != ',') {
                    char c = line.charAt(i++);
                    if (c == '"') {
                        throw new LineError("a quote inside an unquoted field at column " + i);
                    }
                    field.append(c);
                }
            }
            fields.add(field.toString());
            if (i >= n) {
                return fields;
            }
            i++; // the comma
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** A line's problem, before its number is attached. */
    static final class LineError extends Exception {
        LineError(String message) {
            super(message, null, false, false);
        }
    }
}

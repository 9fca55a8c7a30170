package dev.bliss.features;

import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureTable;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.StoreException;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One key's published features, looked up by a dimension name and the attribute as text: what
 * {@code bliss features show} prints and the admin endpoint's {@code GET /features/<dim>/<value>}
 * returns as JSON.
 *
 * @param status    found, not found, or no snapshot published yet
 * @param key       the u64 key derived from {@code value} ({@link DimensionKeyText})
 * @param names     feature names, in the snapshot's order
 * @param values    the vector (empty unless found)
 * @param sequence  the snapshot's sequence (-1 without a snapshot)
 * @param createdAtMillis when the snapshot's features were evaluated
 * @param schemaMatches whether the snapshot was written under this schema
 */
public record FeatureLookup(Status status, String dimension, String value, long key, List<String> names, float[] values,
                            long sequence, long createdAtMillis, boolean schemaMatches) {

    public enum Status { FOUND, NOT_FOUND, NO_SNAPSHOT }

    /**
     * Looks {@code value} up in {@code dimension} of the store's current snapshot.
     *
     * @throws IllegalArgumentException for a dimension the schema lacks or a value of the wrong kind
     * @throws UncheckedIOException wrapping the {@link StoreException} when no read handle can be
     *         had (every reader slot of the store owned by an open handle)
     */
    public static FeatureLookup find(FeatureStoreReader reader, FeatureSchema schema, String dimension, String value) {
        long key = keyOf(schema, dimension, value);
        SchemaDimension dim = schema.dimensions().get(schema.dimensionIndex(dimension));
        ReadHandle handle;
        try {
            handle = reader.newHandle();
        } catch (StoreException e) {
            // unchecked: a one-off lookup for a tool or an admin page; callers poll it from lambdas
            throw new UncheckedIOException(e);
        }
        try (handle; ReadGuard guard = handle.acquire()) {
            if (!guard.hasSnapshot()) {
                return new FeatureLookup(Status.NO_SNAPSHOT, dimension, value, key, dim.featureNames(), new float[0], -1, 0,
                        false);
            }
            boolean matches = guard.schemaHash() == schema.hash();
            int table = guard.dimensionIndex(dimension);
            if (table < 0) {
                return new FeatureLookup(Status.NOT_FOUND, dimension, value, key, dim.featureNames(), new float[0],
                        guard.sequence(), guard.createdAtMillis(), matches);
            }
            FeatureTable t = guard.table(table);
            float[] vector = new float[t.vectorLength()];
            boolean found = t.copyTo(key, vector, 0);
            return new FeatureLookup(found ? Status.FOUND : Status.NOT_FOUND, dimension, value, key, t.featureNames(),
                    found ? vector : new float[0], guard.sequence(), guard.createdAtMillis(), matches);
        }
    }

    /**
     * The key of {@code value} in {@code dimension}, as the plugin computes it.
     *
     * @throws IllegalArgumentException for a dimension the schema lacks or a value of the wrong kind
     */
    public static long keyOf(FeatureSchema schema, String dimension, String value) {
        int d = schema.dimensionIndex(dimension);
        if (d < 0) {
            List<String> names = new ArrayList<>();
            schema.dimensions().forEach(x -> names.add(x.name()));
            throw new IllegalArgumentException("no dimension \"" + dimension + "\"; dimensions: " + String.join(", ", names));
        }
        return DimensionKeyText.key(schema.dimensions().get(d), value);
    }

    /** Age of the snapshot at {@code nowMillis}. */
    public long ageMillis(long nowMillis) {
        return nowMillis - createdAtMillis;
    }

    /** As the admin endpoint returns it. */
    public JsonObject toJson(long nowMillis) {
        JsonObject json = new JsonObject()
                .put("dimension", dimension)
                .put("value", value)
                .put("key", Long.toUnsignedString(key))
                .put("found", status == Status.FOUND);
        if (status != Status.NO_SNAPSHOT) {
            json.put("sequence", sequence).put("age_ms", ageMillis(nowMillis)).put("schema_matches", schemaMatches);
        }
        if (status == Status.FOUND) {
            JsonObject features = new JsonObject();
            for (int i = 0; i < names.size(); i++) {
                features.put(names.get(i), (double) values[i]);
            }
            json.put("features", features);
        } else {
            json.put("features", new JsonObject());
        }
        json.put("feature_names", new JsonArray(names));
        return json;
    }

    /** As {@code bliss features show} prints it. */
    public String toText(long nowMillis) {
        StringBuilder out = new StringBuilder();
        out.append(dimension).append(' ').append(value).append(" (key ").append(Long.toUnsignedString(key)).append(')');
        switch (status) {
            case NO_SNAPSHOT -> out.append(": no snapshot published yet\n");
            case NOT_FOUND -> out.append(": not in snapshot ").append(sequence).append(" (age ")
                    .append(ageText(ageMillis(nowMillis))).append("); the model sees the defaults\n");
            case FOUND -> {
                out.append(", snapshot ").append(sequence).append(", age ").append(ageText(ageMillis(nowMillis)));
                out.append(schemaMatches ? "" : ", WRITTEN UNDER ANOTHER SCHEMA (the plugin ignores it)").append(":\n");
                int width = names.stream().mapToInt(String::length).max().orElse(1);
                for (int i = 0; i < names.size(); i++) {
                    out.append("  ").append(names.get(i)).append(" ".repeat(width - names.get(i).length())).append("  ")
                            .append(values[i]).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String ageText(long millis) {
        return millis < 10_000 ? millis + " ms" : millis / 1000 + " s";
    }
}

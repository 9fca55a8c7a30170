package dev.bliss.bot.features;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.FeatureSpec;
import dev.bliss.store.schema.KeySource;
import dev.bliss.store.schema.RequestFeature;
import dev.bliss.store.schema.SchemaDimension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads features.yaml into a {@link FeatureSchema}, with every error at its file and line.
 * Also returns each dimension's {@code max_keys}, which sizes the writer's tables.
 */
public final class FeatureSchemaReader {

    /** The schema and the table sizes by dimension name. */
    public record Result(FeatureSchema schema, Map<String, Long> maxKeys) {
    }

    private FeatureSchemaReader() {
    }

    public static Result read(ConfigSection root) throws ConfigException {
        List<RequestFeature> request = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String name : root.strings("request_features")) {
            RequestFeature f = RequestFeature.byConfigName(name);
            if (f == null) {
                throw root.error("request_features", "unknown request feature \"" + name + "\" (known: "
                        + String.join(", ", java.util.Arrays.stream(RequestFeature.values()).map(RequestFeature::configName).toList()) + ')');
            }
            if (!seen.add(name)) {
                throw root.error("request_features", "request feature \"" + name + "\" is listed twice");
            }
            request.add(f);
        }
        List<SchemaDimension> dimensions = new ArrayList<>();
        Map<String, Long> maxKeys = new LinkedHashMap<>();
        for (ConfigSection d : root.sections("dimensions")) {
            String name = d.requireString("name");
            if (!name.matches("[a-z][a-z0-9_]*")) {
                throw d.error("name", "a dimension name is lower-case letters, digits and _");
            }
            if (maxKeys.containsKey(name)) {
                throw d.error("name", "dimension \"" + name + "\" is defined twice");
            }
            String keyText = d.requireString("key");
            KeySource key = KeySource.byConfigName(keyText);
            if (key == null) {
                throw d.error("key", "unknown key source \"" + keyText + '"');
            }
            String header = key == KeySource.HEADER ? d.requireString("header").toLowerCase(java.util.Locale.ROOT) : null;
            long max = d.integer("max_keys", 100_000L);
            if (max < 1) {
                throw d.error("max_keys", "must be positive");
            }
            List<FeatureSpec> features = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (ConfigSection f : d.sections("features")) {
                String fname = f.requireString("name");
                if (!names.add(fname)) {
                    throw f.error("name", "feature \"" + fname + "\" is defined twice in dimension " + name);
                }
                String aggText = f.requireString("aggregation");
                Aggregation agg = Aggregation.byConfigName(aggText);
                if (agg == null) {
                    throw f.error("aggregation", "unknown aggregation \"" + aggText + '"');
                }
                Duration window = f.duration("window", null);
                if (window == null || window.isZero() || window.isNegative()) {
                    throw f.error("window", "a positive window such as 1m, 10m or 1h is required");
                }
                float def = (float) f.number("default", 0);
                f.requireNoUnknownKeys();
                features.add(new FeatureSpec(fname, agg, window, def));
            }
            if (features.isEmpty()) {
                throw d.error("features", "a dimension needs at least one feature");
            }
            d.requireNoUnknownKeys();
            dimensions.add(new SchemaDimension(name, key, header, features));
            maxKeys.put(name, max);
        }
        root.requireNoUnknownKeys();
        return new Result(new FeatureSchema(request, dimensions), maxKeys);
    }
}

package dev.bliss.bot.plugin;

import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.SnapshotBuilder;
import dev.bliss.store.SnapshotSpec;
import dev.bliss.store.WriterOptions;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A configuration directory for bot-management tests: the shipped features.yaml, heuristics and
 * verified bots, a one-tree CatBoost JSON model over {@code ip.distinct_ua_10m}, and a real
 * feature store written by the store's writer.
 *
 * <p>The model: raw = +3 when ip.distinct_ua_10m &gt; 10.5, else -3; so a client that used many user
 * agents scores 20 on {@link dev.bliss.plugin.ScoreMapping}'s scale (29.5 − 4.343·(3 − 0.891) =
 * 20.34) and any other 46 (29.5 + 4.343·(3 + 0.891) = 46.40).
 */
public final class BotLab {

    public static final int AUTOMATED_SCORE = 20;
    public static final int HUMAN_SCORE = 46;

    public final Path dir;
    public final FeatureSchema schema;

    public BotLab(Path dir) throws Exception {
        this.dir = dir;
        Path shipped = Path.of("..", "config");
        for (String f : new String[] {"features.yaml", "heuristics.yaml", "verified-bots.yaml"}) {
            Files.copy(shipped.resolve(f), dir.resolve(f));
        }
        schema = FeatureSchemaReader.read(YamlConfigReader.read(dir.resolve("features.yaml"))).schema();
        Files.writeString(dir.resolve("model.json"), """
                {"model_info": {"params": {"loss_function": {"type": "Logloss", "params": {}}}},
                 "features_info": {"float_features": [
                   {"feature_index": 0, "flat_feature_index": 0, "feature_id": "ip.distinct_ua_10m",
                    "has_nans": false, "nan_value_treatment": "AsIs", "borders": [10.5]}]},
                 "oblivious_trees": [
                   {"splits": [{"split_index": 0, "float_feature_index": 0, "border": 10.5, "split_type": "FloatFeature"}],
                    "leaf_values": [-3.0, 3.0]}],
                 "scale_and_bias": [1.0, [0.0]]}
                """);
        models("model.json");
    }

    void models(String file) throws Exception {
        Files.writeString(dir.resolve("models.yaml"), """
                watch_interval: 0s
                models:
                  - name: main
                    file: %s
                    role: primary
                    features: [ip.distinct_ua_10m]
                """.formatted(file));
    }

    public Path storePrefix() {
        return dir.resolve("store").resolve("features");
    }

    /**
     * Publishes one snapshot: for each client key, the ip dimension's distinct_ua_10m feature.
     *
     * @param schemaHash normally {@code schema.hash()}; another value makes a mismatch
     */
    public void publish(long schemaHash, Map<Long, Float> distinctUserAgentsByIpKey) throws Exception {
        publish(schemaHash, "ip.distinct_ua_10m", distinctUserAgentsByIpKey);
    }

    /**
     * Publishes one snapshot: for each key of the feature's dimension, that feature (the others 0).
     *
     * @param feature {@code <dimension>.<feature>}, as in the model's input names
     */
    public void publish(long schemaHash, String feature, Map<Long, Float> valuesByKey) throws Exception {
        String dimension = feature.substring(0, feature.indexOf('.'));
        String name = feature.substring(dimension.length() + 1);
        Map<Long, Map<String, Float>> vectors = new HashMap<>();
        valuesByKey.forEach((key, value) -> vectors.put(key, Map.of(name, value)));
        publishVectors(schemaHash, dimension, vectors);
    }

    /**
     * Publishes one snapshot: for each key of {@code dimension}, the features named in its map (by
     * their name in the dimension, e.g. {@code distinct_ua_1h}; the others 0).
     */
    public void publishVectors(long schemaHash, String dimension, Map<Long, Map<String, Float>> vectorsByKey) throws Exception {
        Files.createDirectories(storePrefix().getParent());
        SnapshotSpec.Builder spec = SnapshotSpec.builder(schemaHash).createdAtMillis(System.currentTimeMillis());
        for (SchemaDimension d : schema.dimensions()) {
            spec.dimension(d.name(), 1024, d.featureNames());
        }
        List<String> names = schema.dimensions().get(schema.dimensionIndex(dimension)).featureNames();
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(storePrefix()))) {
            SnapshotBuilder builder = writer.begin(spec.build());
            int d = builder.dimensionIndex(dimension);
            for (Map.Entry<Long, Map<String, Float>> e : vectorsByKey.entrySet()) {
                float[] v = new float[builder.vectorLength(d)];
                e.getValue().forEach((name, value) -> {
                    if (!names.contains(name)) {
                        throw new IllegalArgumentException(dimension + " has no feature " + name + ": " + names);
                    }
                    v[names.indexOf(name)] = value;
                });
                builder.put(d, e.getKey(), v);
            }
            writer.write(builder);
        }
    }

    /** bliss.yaml for a proxy to {@code originUrl} with bot management, rules and extra plugin config. */
    String blissYaml(String originUrl, String rules, String pluginConfig) throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), rules);
        return """
                proxy: {event_loops: 1}
                listeners: [{host: 127.0.0.1, port: 0}]
                admin: {host: 127.0.0.1, port: 0}
                trusted_proxies: [127.0.0.0/8]
                upstreams:
                  app: {origins: [%s]}
                routes: [{upstream: app}]
                rules: rules.yaml
                plugins:
                  - name: bot
                    type: bot-management
                    config:
                      store: store/features
                      verified_header: x-bot-verified
                      fingerprint_headers: {ja3: x-ja3, ja4: x-ja4}
                %s
                """.formatted(originUrl, pluginConfig.indent(6).stripTrailing());
    }
}

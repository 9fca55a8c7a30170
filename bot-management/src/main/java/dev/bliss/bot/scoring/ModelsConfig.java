package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * models.yaml, read and checked: which models to load and how often to look for new files.
 * Everything that can be checked without opening a model file is checked here, with file, line
 * and key in the error; feature names are resolved against the detector's input vector.
 *
 * <pre>
 * watch_interval: 5s          # how often model files are checked for changes; 0s = never
 * models:
 *   - name: bot-v3            # [A-Za-z0-9][A-Za-z0-9_.-]*, unique
 *     file: models/bot-v3.json  # relative to models.yaml's directory
 *     format: json            # json | cbm; default from the extension
 *     role: primary           # primary (at most one) | shadow
 *     sample_rate: 0.1        # shadows only: the fraction of requests scored, default 1
 *     features: [a, b, c]     # the model's float features in order, names from the schema
 *     limits:
 *       max_trees: 1000
 *       max_features: 512
 *       max_file_size: 67108864  # bytes; a larger file is refused before it is read or parsed
 * </pre>
 */
record ModelsConfig(Duration watchInterval, List<ModelSpec> models) {

    static final Duration DEFAULT_WATCH_INTERVAL = Duration.ofSeconds(5);
    static final int DEFAULT_MAX_TREES = 1_000;
    static final int DEFAULT_MAX_FEATURES = 512;
    static final int CEILING_MAX_TREES = 100_000;
    static final int CEILING_MAX_FEATURES = 65_536;
    /** A few MB is a large model (1,000 trees of depth 8 is about 5 MB of JSON); parsing a file costs several times its size. */
    static final long DEFAULT_MAX_FILE_BYTES = 64L << 20;
    static final long CEILING_MAX_FILE_BYTES = 1L << 30;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final int NAMES_IN_MESSAGES = 12;

    ModelsConfig {
        models = List.copyOf(models);
    }

    static ModelsConfig parse(ConfigSection root, Path baseDir, List<String> inputFeatureNames) throws ConfigException {
        Map<String, Integer> positions = positions(inputFeatureNames);
        Duration watch = root.duration("watch_interval", DEFAULT_WATCH_INTERVAL);
        List<ModelSpec> models = new ArrayList<>();
        Set<String> names = new HashSet<>();
        ModelSpec primary = null;
        for (ConfigSection entry : root.sections("models")) {
            ModelSpec spec = model(entry, baseDir, inputFeatureNames, positions);
            if (!names.add(spec.name())) {
                throw entry.error("name", "another model is already called \"" + spec.name() + '"');
            }
            if (spec.role() == ModelRole.PRIMARY) {
                if (primary != null) {
                    throw entry.error("role", "only one model can be primary; \"" + primary.name() + "\" already is");
                }
                primary = spec;
            }
            models.add(spec);
        }
        root.requireNoUnknownKeys();
        return new ModelsConfig(watch, models);
    }

    private static ModelSpec model(ConfigSection entry, Path baseDir, List<String> inputNames,
            Map<String, Integer> positions) throws ConfigException {
        String name = entry.requireString("name");
        if (!NAME.matcher(name).matches()) {
            throw entry.error("name", "must match " + NAME.pattern() + " (it labels metrics), got \"" + name + '"');
        }
        String fileText = entry.requireString("file");
        Path file = baseDir.resolve(fileText).normalize();
        ModelSpec.Format format = entry.has("format")
                ? entry.oneOf("format", null, "json", "cbm").equals("json") ? ModelSpec.Format.JSON : ModelSpec.Format.CBM
                : formatFromName(entry, fileText);
        entry.requireString("role");
        ModelRole role = entry.oneOf("role", null, "primary", "shadow").equals("primary")
                ? ModelRole.PRIMARY
                : ModelRole.SHADOW;
        double sampleRate = 1.0;
        if (entry.has("sample_rate")) {
            if (role == ModelRole.PRIMARY) {
                throw entry.error("sample_rate", "only shadow models are sampled; the primary scores every request");
            }
            sampleRate = entry.number("sample_rate", 1.0);
            if (!(sampleRate >= 0.0 && sampleRate <= 1.0)) {
                throw entry.error("sample_rate", "must be between 0 and 1, got " + sampleRate);
            }
        }
        List<String> features = entry.strings("features");
        if (features.isEmpty()) {
            throw entry.error("features", "list the model's features in order (names from the feature schema)");
        }
        int[] index = new int[features.size()];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < index.length; i++) {
            String feature = features.get(i);
            Integer at = positions.get(feature);
            if (at == null) {
                throw entry.error("features", "unknown feature \"" + feature + "\" at position " + i
                        + "; the schema has " + sample(inputNames));
            }
            if (!seen.add(feature)) {
                throw entry.error("features", "\"" + feature + "\" is listed twice");
            }
            index[i] = at;
        }
        ConfigSection limits = entry.section("limits");
        int maxTrees = limits.integer("max_trees", DEFAULT_MAX_TREES, 1, CEILING_MAX_TREES);
        int maxFeatures = limits.integer("max_features", DEFAULT_MAX_FEATURES, 1, CEILING_MAX_FEATURES);
        long maxFileBytes = limits.integer("max_file_size", DEFAULT_MAX_FILE_BYTES);
        if (maxFileBytes < 1 || maxFileBytes > CEILING_MAX_FILE_BYTES) {
            throw limits.error("max_file_size", "expected 1 to " + CEILING_MAX_FILE_BYTES + " bytes, got " + maxFileBytes);
        }
        limits.requireNoUnknownKeys();
        if (features.size() > maxFeatures) {
            throw entry.error("features", features.size() + " features listed, more than limits.max_features " + maxFeatures);
        }
        entry.requireNoUnknownKeys();
        return new ModelSpec(name, file, format, role, sampleRate, features, index, maxTrees, maxFeatures, maxFileBytes,
                positionOfValue(entry, "file"), entry.keyPath("file"));
    }

    private static ModelSpec.Format formatFromName(ConfigSection entry, String file) throws ConfigException {
        String lower = file.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) {
            return ModelSpec.Format.JSON;
        }
        if (lower.endsWith(".cbm") || lower.endsWith(".bin")) {
            return ModelSpec.Format.CBM;
        }
        throw entry.error("file", "cannot tell the format from the name; add format: json or format: cbm");
    }

    /**
     * Where the key's value was written: ConfigSection exposes it only through the errors it
     * builds, and a model file rejected later should point at the value, as config errors do.
     */
    private static Position positionOfValue(ConfigSection entry, String key) {
        return entry.error(key, "").position();
    }

    private static Map<String, Integer> positions(List<String> names) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            if (out.putIfAbsent(names.get(i), i) != null) {
                throw new IllegalArgumentException("input feature \"" + names.get(i) + "\" appears twice");
            }
        }
        return out;
    }

    private static String sample(List<String> names) {
        if (names.isEmpty()) {
            return "no features";
        }
        int shown = Math.min(names.size(), NAMES_IN_MESSAGES);
        String head = String.join(", ", names.subList(0, shown));
        return names.size() > shown ? head + ", … (" + names.size() + " in all)" : head;
    }
}

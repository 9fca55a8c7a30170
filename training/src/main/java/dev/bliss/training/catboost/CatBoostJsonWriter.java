package dev.bliss.training.catboost;

import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.ObliviousTree;
import dev.bliss.training.model.ObliviousTreeModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Writes a model as CatBoost JSON that the 1.2.7 JNI loads ({@code loadModel(path, "json")}) and
 * bot-management's structural check accepts. What the loader reads, and so what this writer
 * guarantees (shared/reference/catboost-vector.md part 1):
 *
 * <ul>
 *   <li>{@code feature_index} and {@code flat_feature_index} are the position, {@code feature_id}
 *       the schema name, {@code nan_value_treatment} always present;
 *   <li>borders strictly ascending, written as the exact decimal of the float, so the loader's
 *       decimal → float conversion gives back the same float;
 *   <li>each split's {@code split_index} = the feature's first border in all features' borders laid
 *       end to end + the border's index; {@code float_feature_index}, {@code border} and
 *       {@code split_type} beside it for people (the loader ignores them);
 *   <li>the first split is bit 0 of the leaf index; {@code leaf_values} has 2^depth entries
 *       (one dimension), {@code scale_and_bias} one bias;
 *   <li>{@code model_info.params} with {@code flat_params}, so the loader prints no warning.
 * </ul>
 *
 * The output is a function of the model and {@code info} only (fixed key order, no time stamps), so
 * equal models give equal bytes.
 */
public final class CatBoostJsonWriter {

    private CatBoostJsonWriter() {
    }

    /**
     * @param info extra {@code model_info} strings (e.g. how it was trained), in the map's order
     */
    public static String toJson(ObliviousTreeModel model, Map<String, String> info) {
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("{\n  \"model_info\": {\n");
        out.append("    \"params\": {\"flat_params\": {\"loss_function\": \"Logloss\"}, ")
                .append("\"loss_function\": {\"type\": \"Logloss\", \"params\": {}}},\n");
        out.append("    \"class_params\": {\"class_label_type\": \"Integer\", \"class_to_label\": [0, 1], ")
                .append("\"class_names\": [0, 1], \"classes_count\": 0}");
        for (Map.Entry<String, String> e : info.entrySet()) {
            if (e.getKey().endsWith("params")) {
                throw new IllegalArgumentException("model_info keys ending in params are read as objects: " + e.getKey());
            }
            out.append(",\n    ").append(string(e.getKey())).append(": ").append(string(e.getValue()));
        }
        out.append("\n  },\n  \"features_info\": {\n    \"float_features\": [");
        List<FloatFeature> features = model.features();
        int[] firstBorder = new int[features.size()];
        int offset = 0;
        for (int f = 0; f < features.size(); f++) {
            FloatFeature feature = features.get(f);
            firstBorder[f] = offset;
            offset += feature.borders().length;
            out.append(f == 0 ? "\n" : ",\n");
            out.append("      {\"feature_index\": ").append(f)
                    .append(", \"flat_feature_index\": ").append(f)
                    .append(", \"feature_id\": ").append(string(feature.name()))
                    .append(", \"has_nans\": ").append(feature.hasNans())
                    .append(", \"nan_value_treatment\": \"").append(feature.nanTreatment().name())
                    .append("\", \"borders\": [");
            float[] borders = feature.borders();
            for (int k = 0; k < borders.length; k++) {
                if (k > 0) {
                    out.append(", ");
                }
                out.append(exact(borders[k]));
            }
            out.append("]}");
        }
        out.append("\n    ]\n  },\n  \"oblivious_trees\": [");
        List<ObliviousTree> trees = model.trees();
        for (int t = 0; t < trees.size(); t++) {
            ObliviousTree tree = trees.get(t);
            out.append(t == 0 ? "\n" : ",\n");
            out.append("    {\"splits\": [");
            for (int d = 0; d < tree.depth(); d++) {
                int f = tree.features()[d];
                int k = tree.borders()[d];
                if (d > 0) {
                    out.append(", ");
                }
                out.append("{\"split_index\": ").append(firstBorder[f] + k)
                        .append(", \"float_feature_index\": ").append(f)
                        .append(", \"border\": ").append(exact(features.get(f).borders()[k]))
                        .append(", \"split_type\": \"FloatFeature\"}");
            }
            out.append("],\n     \"leaf_values\": [");
            double[] values = tree.leafValues();
            for (int l = 0; l < values.length; l++) {
                if (l > 0) {
                    out.append(", ");
                }
                out.append(finite(values[l]));
            }
            out.append("]}");
        }
        out.append("\n  ],\n  \"scale_and_bias\": [").append(finite(model.scale()))
                .append(", [").append(finite(model.bias())).append("]]\n}\n");
        return out.toString();
    }

    /**
     * Writes to a temporary file beside {@code file}, then renames it over, so a watcher never reads
     * half a model. The temporary file is made like any file the user writes (the umask decides its
     * mode): {@code Files.createTempFile} would make it owner-only, and a proxy running as another
     * user could not read the model.
     */
    public static void write(ObliviousTreeModel model, Map<String, String> info, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, toJson(model, info), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The float's exact value as a decimal the loader parses back to the same float. */
    private static String exact(float f) {
        return finite(f);
    }

    private static String finite(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("JSON has no " + d);
        }
        return Double.toString(d);
    }

    static String string(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}

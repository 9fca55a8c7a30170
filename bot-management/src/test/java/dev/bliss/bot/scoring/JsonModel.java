package dev.bliss.bot.scoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds small CatBoost JSON models (float features, oblivious trees) as a mutable document,
 * so tests can predict by hand what the JNI returns and break one field at a time.
 *
 * <p>Splits are given as (feature, border number); the builder computes CatBoost's global
 * {@code split_index} (the border's position in the concatenation of all features' borders)
 * and writes {@code float_feature_index} and {@code border} beside it as CatBoost does.
 * The first split of a tree is the least significant bit of the leaf index.
 */
final class JsonModel {

    private final Map<String, Object> document = new LinkedHashMap<>();
    private final List<Object> features = new ArrayList<>();
    private final List<Object> trees = new ArrayList<>();
    private final List<double[]> borders = new ArrayList<>();

    JsonModel() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("float_features", features);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("flat_params", Map.of("loss_function", "Logloss"));
        params.put("loss_function", Map.of("type", "Logloss", "params", Map.of()));
        document.put("model_info", new LinkedHashMap<>(Map.of("params", params)));
        document.put("features_info", info);
        document.put("oblivious_trees", trees);
    }

    /** Adds float feature number {@code features().size()} with {@code id} (null: unnamed) and its borders. */
    JsonModel feature(String id, double... featureBorders) {
        int index = features.size();
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("feature_index", index);
        f.put("flat_feature_index", index);
        if (id != null) {
            f.put("feature_id", id);
        }
        f.put("has_nans", false);
        f.put("nan_value_treatment", "AsIs");
        List<Object> b = new ArrayList<>();
        for (double d : featureBorders) {
            b.add(d);
        }
        f.put("borders", b);
        features.add(f);
        borders.add(featureBorders.clone());
        return this;
    }

    /** Adds a tree; {@code splits} are pairs {feature, border number}; 2^depth leaf values. */
    JsonModel tree(int[][] splits, double... leaves) {
        List<Object> s = new ArrayList<>();
        for (int[] split : splits) {
            int feature = split[0];
            int border = split[1];
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("split_index", splitIndex(feature, border));
            m.put("float_feature_index", feature);
            m.put("border", borders.get(feature)[border]);
            m.put("split_type", "FloatFeature");
            s.add(m);
        }
        List<Object> l = new ArrayList<>();
        for (double v : leaves) {
            l.add(v);
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("splits", s);
        t.put("leaf_values", l);
        trees.add(t);
        return this;
    }

    JsonModel scaleAndBias(double scale, double bias) {
        document.put("scale_and_bias", new ArrayList<>(List.of(scale, new ArrayList<>(List.of(bias)))));
        return this;
    }

    int splitIndex(int feature, int border) {
        int offset = 0;
        for (int f = 0; f < feature; f++) {
            offset += borders.get(f).length;
        }
        return offset + border;
    }

    Map<String, Object> document() {
        return document;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> feature(int i) {
        return (Map<String, Object>) features.get(i);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> tree(int i) {
        return (Map<String, Object>) trees.get(i);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> split(int tree, int depth) {
        return (Map<String, Object>) ((List<Object>) tree(tree).get("splits")).get(depth);
    }

    List<Object> trees() {
        return trees;
    }

    String json() {
        StringBuilder out = new StringBuilder();
        write(document, out);
        return out.toString();
    }

    /** Writes the model through a temporary file and an atomic rename, as a deployment should. */
    Path writeTo(Path file) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temp, json(), StandardCharsets.UTF_8);
        return Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** A model of {@code trees} random trees of {@code depth} over {@code features} features, for load and allocation tests. */
    static JsonModel random(int featureCount, int treeCount, int depth, int bordersPerFeature, long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        JsonModel m = new JsonModel();
        for (int f = 0; f < featureCount; f++) {
            double[] b = new double[bordersPerFeature];
            for (int k = 0; k < b.length; k++) {
                b[k] = (double) (float) (k + 0.5);
            }
            m.feature("f" + f, b);
        }
        for (int t = 0; t < treeCount; t++) {
            int[][] splits = new int[depth][];
            for (int d = 0; d < depth; d++) {
                splits[d] = new int[] {random.nextInt(featureCount), random.nextInt(bordersPerFeature)};
            }
            double[] leaves = new double[1 << depth];
            for (int l = 0; l < leaves.length; l++) {
                leaves[l] = random.nextDouble(-0.1, 0.1);
            }
            m.tree(splits, leaves);
        }
        return m;
    }

    private static void write(Object value, StringBuilder out) {
        switch (value) {
            case Map<?, ?> map -> {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    string((String) e.getKey(), out);
                    out.append(':');
                    write(e.getValue(), out);
                }
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(list.get(i), out);
                }
                out.append(']');
            }
            case String s -> string(s, out);
            case null -> out.append("null");
            default -> out.append(value);
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }
}

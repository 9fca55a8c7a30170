package dev.bliss.training.catboost;

import dev.bliss.training.json.JsonParser;
import dev.bliss.training.json.JsonSyntaxException;
import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.NanTreatment;
import dev.bliss.training.model.ObliviousTree;
import dev.bliss.training.model.ObliviousTreeModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a CatBoost JSON model of oblivious trees over float features (ours, or CatBoost's own
 * {@code save_model(format="json")}) into an {@link ObliviousTreeModel} that predicts what the
 * JNI predicts. It follows the loader, not the fields written for people: a split is its
 * {@code split_index} into all features' borders laid end to end; NaN goes to the {@code >} side
 * only with {@code has_nans} and {@code AsTrue}. Anything the JNI would evaluate differently from
 * this (categorical features, non-symmetric trees, several dimensions, unsorted borders) is refused.
 */
public final class CatBoostJsonReader {

    private final Path file;

    private CatBoostJsonReader(Path file) {
        this.file = file;
    }

    public static ObliviousTreeModel read(Path file) throws ModelFormatException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ModelFormatException(file + ": cannot read: " + e.getMessage());
        }
        Object doc;
        try {
            doc = JsonParser.parse(text);
        } catch (JsonSyntaxException e) {
            throw new ModelFormatException(file + ": not JSON: " + e.getMessage());
        }
        return new CatBoostJsonReader(file).model(doc);
    }

    private ObliviousTreeModel model(Object doc) throws ModelFormatException {
        Map<?, ?> root = object(doc, "the document");
        if (root.containsKey("trees")) {
            throw error("trees", "non-symmetric trees are not supported");
        }
        Map<?, ?> info = object(root.get("features_info"), "features_info");
        for (String kind : List.of("categorical_features", "text_features", "embedding_features")) {
            if (info.get(kind) instanceof List<?> l && !l.isEmpty()) {
                throw error("features_info." + kind, "only float features are supported");
            }
        }
        List<?> declared = array(info.get("float_features"), "features_info.float_features");
        List<FloatFeature> features = new ArrayList<>();
        List<Integer> firstBorder = new ArrayList<>();
        int total = 0;
        for (int f = 0; f < declared.size(); f++) {
            String path = "features_info.float_features[" + f + "]";
            Map<?, ?> feature = object(declared.get(f), path);
            int index = integer(feature.get("feature_index"), path + ".feature_index");
            if (index != f) {
                throw error(path + ".feature_index", "is " + index + ", expected its position " + f);
            }
            List<?> borderList = array(feature.get("borders"), path + ".borders");
            float[] borders = new float[borderList.size()];
            for (int k = 0; k < borders.length; k++) {
                borders[k] = (float) number(borderList.get(k), path + ".borders[" + k + "]");
                if (k > 0 && !(borders[k] > borders[k - 1])) {
                    throw error(path + ".borders", "not strictly ascending at " + k);
                }
            }
            boolean hasNans = feature.get("has_nans") instanceof Boolean b && b;
            NanTreatment treatment;
            try {
                treatment = NanTreatment.valueOf(String.valueOf(feature.get("nan_value_treatment")));
            } catch (IllegalArgumentException e) {
                throw error(path + ".nan_value_treatment", "must be AsIs, AsFalse or AsTrue");
            }
            String name = feature.get("feature_id") instanceof String s ? s : Integer.toString(f);
            features.add(new FloatFeature(name, borders, hasNans, treatment));
            firstBorder.add(total);
            total += borders.length;
        }
        List<?> treeList = array(root.get("oblivious_trees"), "oblivious_trees");
        List<ObliviousTree> trees = new ArrayList<>(treeList.size());
        for (int t = 0; t < treeList.size(); t++) {
            String path = "oblivious_trees[" + t + "]";
            Map<?, ?> tree = object(treeList.get(t), path);
            List<?> splits = array(tree.get("splits"), path + ".splits");
            int[] splitFeature = new int[splits.size()];
            int[] splitBorder = new int[splits.size()];
            for (int d = 0; d < splits.size(); d++) {
                String at = path + ".splits[" + d + "]";
                int s = integer(object(splits.get(d), at).get("split_index"), at + ".split_index");
                if (s < 0 || s >= total) {
                    throw error(at + ".split_index", s + " is out of range (" + total + " borders)");
                }
                int f = 0;
                while (f + 1 < firstBorder.size() && firstBorder.get(f + 1) <= s) {
                    f++;
                }
                splitFeature[d] = f;
                splitBorder[d] = s - firstBorder.get(f);
            }
            List<?> valueList = array(tree.get("leaf_values"), path + ".leaf_values");
            if (valueList.size() != 1 << splits.size()) {
                throw error(path + ".leaf_values", valueList.size() + " values for depth " + splits.size()
                        + " (only one-dimensional models are supported)");
            }
            double[] values = new double[valueList.size()];
            for (int l = 0; l < values.length; l++) {
                values[l] = number(valueList.get(l), path + ".leaf_values[" + l + "]");
            }
            trees.add(new ObliviousTree(splitFeature, splitBorder, values));
        }
        double scale = 1;
        double bias = 0;
        if (root.get("scale_and_bias") != null) {
            List<?> pair = array(root.get("scale_and_bias"), "scale_and_bias");
            if (pair.size() != 2) {
                throw error("scale_and_bias", "expected [scale, [bias]]");
            }
            scale = number(pair.get(0), "scale_and_bias[0]");
            List<?> biases = array(pair.get(1), "scale_and_bias[1]");
            if (biases.size() > 1) {
                throw error("scale_and_bias[1]", "one-dimensional models have one bias");
            }
            bias = biases.isEmpty() ? 0 : number(biases.getFirst(), "scale_and_bias[1][0]");
        }
        return new ObliviousTreeModel(features, trees, scale, bias);
    }

    private Map<?, ?> object(Object v, String path) throws ModelFormatException {
        if (v instanceof Map<?, ?> m) {
            return m;
        }
        throw error(path, "expected an object, got " + JsonParser.kind(v));
    }

    private List<?> array(Object v, String path) throws ModelFormatException {
        if (v instanceof List<?> l) {
            return l;
        }
        throw error(path, "expected an array, got " + JsonParser.kind(v));
    }

    private double number(Object v, String path) throws ModelFormatException {
        if (v instanceof Double d && Double.isFinite(d)) {
            return d;
        }
        throw error(path, "expected a finite number, got " + JsonParser.kind(v));
    }

    private int integer(Object v, String path) throws ModelFormatException {
        double d = number(v, path);
        if (d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
            throw error(path, "expected an integer, got " + d);
        }
        return (int) d;
    }

    private ModelFormatException error(String path, String reason) {
        return new ModelFormatException(file + ": " + path + ": " + reason);
    }
}

package dev.bliss.bot.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The structural check a CatBoost JSON model passes before the JNI sees it.
 *
 * <p>Why: the 1.2.7 JNI's JSON loader accepts broken files without a word and then predicts
 * wrong values, or never returns. Each rule below is one such case (see
 * {@code shared/reference/catboost-vector.md}, part 1), and each rejection names the JSON path
 * and what the loader would have done:
 *
 * <ul>
 *   <li>a split without {@code split_index} silently becomes split 0 (feature 0, first border);
 *   <li>unsorted borders load, and the evaluator (which counts borders below the value) then
 *       routes values wrongly;
 *   <li>{@code leaf_values} of the wrong length are divided into a wrong dimension and
 *       misalign every later tree;
 *   <li>{@code feature_index} and {@code flat_feature_index} not equal to the position break the
 *       feature order or the Java wrapper;
 *   <li>a missing {@code nan_value_treatment} fails late; a float border that overflows to
 *       infinity, non-finite numbers, or a model with no trees (whose predict never returns).
 * </ul>
 *
 * <p>Only what bliss scores is accepted: float features, symmetric (oblivious) trees, one
 * prediction dimension, a Logloss or CrossEntropy loss when the file names one. The limits are
 * checked here too, before anything large is handed to native code.
 *
 * <p>Stateless; startup and reload only.
 */
final class CatBoostJsonCheck {

    /** CatBoost's own maximum tree depth. */
    static final int MAX_DEPTH = 16;

    private static final Set<String> NAN_TREATMENTS = Set.of("AsIs", "AsFalse", "AsTrue");
    private static final Set<String> PROBABILITY_LOSSES = Set.of("Logloss", "CrossEntropy");
    private static final List<String> UNSUPPORTED_FEATURE_KINDS =
            List.of("categorical_features", "text_features", "embedding_features");

    /** What the check learnt: the declared float features (ids may be null) and the tree count. */
    record Shape(int featureCount, int treeCount, List<String> featureIds) {
    }

    private CatBoostJsonCheck() {
    }

    static Shape check(Object document, int maxTrees, int maxFeatures) throws ModelRejectedException {
        Map<String, Object> root = object(document, "the document");
        if (root.containsKey("trees")) {
            throw reject("trees", "non-symmetric trees are not supported; train with grow_policy SymmetricTree");
        }
        if (nonEmpty(root.get("ctr_data"))) {
            throw reject("ctr_data", "categorical CTRs are not supported: bliss models take float features only");
        }
        Map<String, Object> featuresInfo = object(required(root, "features_info", ""), "features_info");
        for (String kind : UNSUPPORTED_FEATURE_KINDS) {
            if (nonEmpty(featuresInfo.get(kind))) {
                throw reject("features_info." + kind, "only float features are supported");
            }
        }
        List<Object> features = array(required(featuresInfo, "float_features", "features_info"),
                "features_info.float_features");
        if (features.isEmpty()) {
            throw reject("features_info.float_features", "the model declares no float features");
        }
        if (features.size() > maxFeatures) {
            throw reject("features_info.float_features", "the model declares " + features.size()
                    + " float features, more than max_features " + maxFeatures);
        }
        List<String> ids = new ArrayList<>(features.size());
        // Split indexes address the concatenation of all features' borders, in feature order.
        int[] firstBorder = new int[features.size() + 1];
        float[][] borders = new float[features.size()][];
        for (int f = 0; f < features.size(); f++) {
            String path = "features_info.float_features[" + f + "]";
            Map<String, Object> feature = object(features.get(f), path);
            positionIndex(feature, "feature_index", f, path);
            positionIndex(feature, "flat_feature_index", f, path);
            borders[f] = borders(feature, path);
            firstBorder[f + 1] = firstBorder[f] + borders[f].length;
            Object treatment = feature.get("nan_value_treatment");
            if (!(treatment instanceof String t) || !NAN_TREATMENTS.contains(t)) {
                throw reject(path + ".nan_value_treatment", treatment == null
                        ? "is missing (one of AsIs, AsFalse, AsTrue)"
                        : "must be one of AsIs, AsFalse, AsTrue, got " + show(treatment));
            }
            Object hasNans = feature.get("has_nans");
            if (hasNans != null && !(hasNans instanceof Boolean)) {
                throw reject(path + ".has_nans", "must be true or false, got " + show(hasNans));
            }
            Object id = feature.get("feature_id");
            if (id != null && !(id instanceof String)) {
                throw reject(path + ".feature_id", "must be a string, got " + show(id));
            }
            ids.add((String) id);
        }

        List<Object> trees = array(required(root, "oblivious_trees", ""), "oblivious_trees");
        if (trees.isEmpty()) {
            // The JNI loads such a model and its predict then never returns.
            throw reject("oblivious_trees", "the model has no trees");
        }
        if (trees.size() > maxTrees) {
            throw reject("oblivious_trees", "the model has " + trees.size() + " trees, more than max_trees " + maxTrees);
        }
        for (int t = 0; t < trees.size(); t++) {
            tree(trees.get(t), "oblivious_trees[" + t + "]", firstBorder, borders);
        }
        scaleAndBias(root.get("scale_and_bias"));
        lossFunction(root.get("model_info"));
        return new Shape(features.size(), trees.size(), List.copyOf(nullsAllowed(ids)));
    }

    private static void tree(Object value, String path, int[] firstBorder, float[][] borders)
            throws ModelRejectedException {
        Map<String, Object> tree = object(value, path);
        List<Object> splits = array(required(tree, "splits", path), path + ".splits");
        if (splits.size() > MAX_DEPTH) {
            throw reject(path + ".splits", "depth " + splits.size() + " is more than CatBoost's maximum " + MAX_DEPTH);
        }
        int totalBorders = firstBorder[firstBorder.length - 1];
        for (int d = 0; d < splits.size(); d++) {
            String splitPath = path + ".splits[" + d + "]";
            Map<String, Object> split = object(splits.get(d), splitPath);
            Object index = split.get("split_index");
            if (index == null) {
                throw reject(splitPath, "split_index is missing (CatBoost would silently use split 0)");
            }
            int s = integer(index, splitPath + ".split_index");
            if (s < 0 || s >= totalBorders) {
                throw reject(splitPath + ".split_index", s + " is out of range: the features have " + totalBorders
                        + " borders in all");
            }
            Object type = split.get("split_type");
            if (type != null && !"FloatFeature".equals(type)) {
                throw reject(splitPath + ".split_type", "only FloatFeature splits are supported, got " + show(type));
            }
            int feature = featureOfBorder(firstBorder, s);
            // CatBoost writes these for readers and ignores them on load; if they disagree with
            // split_index, the file was edited or damaged and the loader would follow split_index.
            Object declared = split.get("float_feature_index");
            if (declared != null) {
                int declaredFeature = integer(declared, splitPath + ".float_feature_index");
                if (declaredFeature != feature) {
                    throw reject(splitPath, "split_index " + s + " is a border of feature " + feature
                            + " but float_feature_index says " + declaredFeature);
                }
            }
            Object border = split.get("border");
            float expected = borders[feature][s - firstBorder[feature]];
            if (border != null && (float) number(border, splitPath + ".border") != expected) {
                throw reject(splitPath, "split_index " + s + " is border " + expected + " of feature " + feature
                        + " but border says " + show(border));
            }
        }
        int leaves = 1 << splits.size();
        List<Object> values = array(required(tree, "leaf_values", path), path + ".leaf_values");
        if (values.size() != leaves) {
            throw reject(path + ".leaf_values", "has " + values.size() + " values, a depth-" + splits.size()
                    + " tree needs " + leaves + " (one per leaf; multi-dimensional models are not supported)");
        }
        for (int i = 0; i < values.size(); i++) {
            number(values.get(i), path + ".leaf_values[" + i + "]");
        }
        Object weights = tree.get("leaf_weights");
        if (weights != null && array(weights, path + ".leaf_weights").size() != leaves) {
            throw reject(path + ".leaf_weights", "has " + ((List<?>) weights).size() + " values, a depth-"
                    + splits.size() + " tree has " + leaves + " leaves");
        }
    }

    private static float[] borders(Map<String, Object> feature, String path) throws ModelRejectedException {
        List<Object> list = array(required(feature, "borders", path), path + ".borders");
        float[] out = new float[list.size()];
        for (int i = 0; i < out.length; i++) {
            String at = path + ".borders[" + i + "]";
            double d = number(list.get(i), at);
            // The loader reads borders as float: check order and range in float.
            float b = (float) d;
            if (Float.isInfinite(b)) {
                throw reject(at, d + " is outside the float range");
            }
            if (i > 0 && !(b > out[i - 1])) {
                throw reject(path + ".borders", "must be strictly ascending (CatBoost evaluates unsorted borders wrongly): "
                        + "borders[" + i + "] = " + b + " follows " + out[i - 1]);
            }
            out[i] = b;
        }
        return out;
    }

    private static void positionIndex(Map<String, Object> feature, String key, int position, String path)
            throws ModelRejectedException {
        Object value = feature.get(key);
        if (value == null) {
            throw reject(path, key + " is missing (must be " + position + ", the feature's position)");
        }
        int index = integer(value, path + '.' + key);
        if (index != position) {
            throw reject(path + '.' + key, "must equal the feature's position " + position + ", got " + index);
        }
    }

    private static void scaleAndBias(Object value) throws ModelRejectedException {
        if (value == null) {
            return;
        }
        List<Object> pair = array(value, "scale_and_bias");
        if (pair.size() != 2) {
            throw reject("scale_and_bias", "must be [scale, [bias]], got " + pair.size() + " elements");
        }
        number(pair.get(0), "scale_and_bias[0]");
        List<Object> bias = array(pair.get(1), "scale_and_bias[1]");
        if (bias.size() > 1) {
            throw reject("scale_and_bias[1]", "has " + bias.size() + " biases; one-dimensional models have one");
        }
        for (Object b : bias) {
            number(b, "scale_and_bias[1][0]");
        }
    }

    /** The score is a sigmoid of the raw value: refuse a model that says it was trained otherwise. */
    private static void lossFunction(Object modelInfo) throws ModelRejectedException {
        if (modelInfo instanceof Map<?, ?> info
                && info.get("params") instanceof Map<?, ?> params
                && params.get("loss_function") instanceof Map<?, ?> loss
                && loss.get("type") instanceof String type
                && !PROBABILITY_LOSSES.contains(type)) {
            throw reject("model_info.params.loss_function.type", "is " + type
                    + "; the bot score needs a Logloss or CrossEntropy model, whose raw value is a log-odds");
        }
    }

    private static int featureOfBorder(int[] firstBorder, int splitIndex) {
        int f = 0;
        while (firstBorder[f + 1] <= splitIndex) {
            f++;
        }
        return f;
    }

    private static boolean nonEmpty(Object value) {
        return switch (value) {
            case null -> false;
            case List<?> l -> !l.isEmpty();
            case Map<?, ?> m -> !m.isEmpty();
            default -> value != JsonReader.NULL;
        };
    }

    private static Object required(Map<String, Object> map, String key, String path) throws ModelRejectedException {
        Object value = map.get(key);
        if (value == null) {
            throw reject(path.isEmpty() ? key : path + '.' + key, "is missing");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value, String path) throws ModelRejectedException {
        if (value instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw reject(path, "expected an object, got " + JsonReader.kind(value));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> array(Object value, String path) throws ModelRejectedException {
        if (value instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw reject(path, "expected an array, got " + JsonReader.kind(value));
    }

    private static double number(Object value, String path) throws ModelRejectedException {
        if (!(value instanceof Double d)) {
            throw reject(path, "expected a number, got " + JsonReader.kind(value));
        }
        if (!Double.isFinite(d)) {
            throw reject(path, "is not a finite number");
        }
        return d;
    }

    private static int integer(Object value, String path) throws ModelRejectedException {
        double d = number(value, path);
        if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
            throw reject(path, "expected an integer, got " + d);
        }
        return (int) d;
    }

    private static String show(Object value) {
        return value instanceof String s ? '"' + s + '"' : String.valueOf(value);
    }

    private static List<String> nullsAllowed(List<String> ids) {
        // List.copyOf refuses nulls; an unnamed feature is reported as an empty id.
        List<String> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            out.add(id == null ? "" : id);
        }
        return out;
    }

    private static ModelRejectedException reject(String path, String reason) {
        return new ModelRejectedException(path + ": " + reason);
    }
}

package dev.bliss.bot.scoring;

import dev.bliss.store.json.JsonFormatException;
import dev.bliss.store.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
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
 * <p>Each rejection is a {@link JsonFormatException} at the offending value: its line and column
 * in the file, its key path, and what is wrong.
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

    static Shape check(JsonValue document, int maxTrees, int maxFeatures) throws JsonFormatException {
        JsonValue root = document.object();
        if (root.get("trees") != null) {
            throw root.get("trees").error("non-symmetric trees are not supported; train with grow_policy SymmetricTree");
        }
        if (nonEmpty(root.get("ctr_data"))) {
            throw root.get("ctr_data").error("categorical CTRs are not supported: bliss models take float features only");
        }
        JsonValue featuresInfo = root.required("features_info").object();
        for (String kind : UNSUPPORTED_FEATURE_KINDS) {
            if (nonEmpty(featuresInfo.get(kind))) {
                throw featuresInfo.get(kind).error("only float features are supported");
            }
        }
        JsonValue featureList = featuresInfo.required("float_features");
        List<JsonValue> features = featureList.array();
        if (features.isEmpty()) {
            throw featureList.error("the model declares no float features");
        }
        if (features.size() > maxFeatures) {
            throw featureList.error("the model declares " + features.size()
                    + " float features, more than max_features " + maxFeatures);
        }
        List<String> ids = new ArrayList<>(features.size());
        // Split indexes address the concatenation of all features' borders, in feature order.
        int[] firstBorder = new int[features.size() + 1];
        float[][] borders = new float[features.size()][];
        for (int f = 0; f < features.size(); f++) {
            JsonValue feature = features.get(f).object();
            positionIndex(feature, "feature_index", f);
            positionIndex(feature, "flat_feature_index", f);
            borders[f] = borders(feature.required("borders"));
            firstBorder[f + 1] = firstBorder[f] + borders[f].length;
            JsonValue treatment = feature.get("nan_value_treatment");
            if (treatment == null) {
                throw feature.error("nan_value_treatment", "is missing (one of AsIs, AsFalse, AsTrue)");
            }
            if (!treatment.is(JsonValue.Kind.STRING) || !NAN_TREATMENTS.contains(treatment.string())) {
                throw treatment.error("must be one of AsIs, AsFalse, AsTrue, got " + treatment);
            }
            JsonValue hasNans = feature.get("has_nans");
            if (hasNans != null && !hasNans.is(JsonValue.Kind.BOOLEAN)) {
                throw hasNans.error("must be true or false, got " + hasNans);
            }
            JsonValue id = feature.get("feature_id");
            if (id != null && !id.is(JsonValue.Kind.STRING)) {
                throw id.error("must be a string, got " + id);
            }
            ids.add(id == null ? null : id.string());
        }

        JsonValue treeList = root.required("oblivious_trees");
        List<JsonValue> trees = treeList.array();
        if (trees.isEmpty()) {
            // The JNI loads such a model and its predict then never returns.
            throw treeList.error("the model has no trees");
        }
        if (trees.size() > maxTrees) {
            throw treeList.error("the model has " + trees.size() + " trees, more than max_trees " + maxTrees);
        }
        for (JsonValue tree : trees) {
            tree(tree.object(), firstBorder, borders);
        }
        scaleAndBias(root.get("scale_and_bias"));
        lossFunction(root.get("model_info"));
        return new Shape(features.size(), trees.size(), List.copyOf(nullsAllowed(ids)));
    }

    private static void tree(JsonValue tree, int[] firstBorder, float[][] borders) throws JsonFormatException {
        JsonValue splitList = tree.required("splits");
        List<JsonValue> splits = splitList.array();
        if (splits.size() > MAX_DEPTH) {
            throw splitList.error("depth " + splits.size() + " is more than CatBoost's maximum " + MAX_DEPTH);
        }
        int totalBorders = firstBorder[firstBorder.length - 1];
        for (JsonValue splitValue : splits) {
            JsonValue split = splitValue.object();
            JsonValue index = split.get("split_index");
            if (index == null) {
                throw split.error("split_index is missing (CatBoost would silently use split 0)");
            }
            long s = index.integer();
            if (s < 0 || s >= totalBorders) {
                throw index.error(s + " is out of range: the features have " + totalBorders + " borders in all");
            }
            JsonValue type = split.get("split_type");
            if (type != null && !(type.is(JsonValue.Kind.STRING) && type.string().equals("FloatFeature"))) {
                throw type.error("only FloatFeature splits are supported, got " + type);
            }
            int feature = featureOfBorder(firstBorder, (int) s);
            // CatBoost writes these for readers and ignores them on load; if they disagree with
            // split_index, the file was edited or damaged and the loader would follow split_index.
            JsonValue declared = split.get("float_feature_index");
            if (declared != null) {
                long declaredFeature = declared.integer();
                if (declaredFeature != feature) {
                    throw split.error("split_index " + s + " is a border of feature " + feature
                            + " but float_feature_index says " + declaredFeature);
                }
            }
            JsonValue border = split.get("border");
            float expected = borders[feature][(int) s - firstBorder[feature]];
            if (border != null && (float) border.number() != expected) {
                throw split.error("split_index " + s + " is border " + expected + " of feature " + feature
                        + " but border says " + border);
            }
        }
        int leaves = 1 << splits.size();
        JsonValue valueList = tree.required("leaf_values");
        List<JsonValue> values = valueList.array();
        if (values.size() != leaves) {
            throw valueList.error("has " + values.size() + " values, a depth-" + splits.size()
                    + " tree needs " + leaves + " (one per leaf; multi-dimensional models are not supported)");
        }
        for (JsonValue value : values) {
            value.number();
        }
        JsonValue weights = tree.get("leaf_weights");
        if (weights != null && weights.array().size() != leaves) {
            throw weights.error("has " + weights.array().size() + " values, a depth-"
                    + splits.size() + " tree has " + leaves + " leaves");
        }
    }

    private static float[] borders(JsonValue borderList) throws JsonFormatException {
        List<JsonValue> list = borderList.array();
        float[] out = new float[list.size()];
        for (int i = 0; i < out.length; i++) {
            double d = list.get(i).number();
            // The loader reads borders as float: check order and range in float.
            float b = (float) d;
            if (Float.isInfinite(b)) {
                throw list.get(i).error(d + " is outside the float range");
            }
            if (i > 0 && !(b > out[i - 1])) {
                throw borderList.error("must be strictly ascending (CatBoost evaluates unsorted borders wrongly): "
                        + "borders[" + i + "] = " + b + " follows " + out[i - 1]);
            }
            out[i] = b;
        }
        return out;
    }

    private static void positionIndex(JsonValue feature, String key, int position) throws JsonFormatException {
        JsonValue value = feature.get(key);
        if (value == null) {
            throw feature.error(key + " is missing (must be " + position + ", the feature's position)");
        }
        long index = value.integer();
        if (index != position) {
            throw value.error("must equal the feature's position " + position + ", got " + index);
        }
    }

    private static void scaleAndBias(JsonValue value) throws JsonFormatException {
        if (value == null) {
            return;
        }
        List<JsonValue> pair = value.array();
        if (pair.size() != 2) {
            throw value.error("must be [scale, [bias]], got " + pair.size() + " elements");
        }
        pair.get(0).number();
        List<JsonValue> bias = pair.get(1).array();
        if (bias.size() > 1) {
            throw pair.get(1).error("has " + bias.size() + " biases; one-dimensional models have one");
        }
        for (JsonValue b : bias) {
            b.number();
        }
    }

    /** The score is a sigmoid of the raw value: refuse a model that says it was trained otherwise. */
    private static void lossFunction(JsonValue modelInfo) throws JsonFormatException {
        JsonValue type = modelInfo == null ? null : modelInfo.get("params");
        type = type == null ? null : type.get("loss_function");
        type = type == null ? null : type.get("type");
        if (type != null && type.is(JsonValue.Kind.STRING) && !PROBABILITY_LOSSES.contains(type.string())) {
            throw type.error("is " + type.string()
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

    private static boolean nonEmpty(JsonValue value) {
        return value != null && value.nonEmpty();
    }

    private static List<String> nullsAllowed(List<String> ids) {
        // List.copyOf refuses nulls; an unnamed feature is reported as an empty id.
        List<String> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            out.add(id == null ? "" : id);
        }
        return out;
    }
}

package dev.bliss.training.catboost;

import dev.bliss.store.json.JsonFormatException;
import dev.bliss.store.json.JsonValue;
import dev.bliss.store.json.StrictJson;
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

/**
 * Reads a CatBoost JSON model of oblivious trees over float features (ours, or CatBoost's own
 * {@code save_model(format="json")}) into an {@link ObliviousTreeModel} that predicts what the
 * JNI predicts. It follows the loader, not the fields written for people: a split is its
 * {@code split_index} into all features' borders laid end to end; NaN goes to the {@code >} side
 * only with {@code has_nans} and {@code AsTrue}. Anything the JNI would evaluate differently from
 * this (categorical features, non-symmetric trees, several dimensions, unsorted borders) is refused,
 * as {@code file:line:column: key.path: reason}. The file is read by feature-store's
 * {@link StrictJson}, the reader bot management checks the same files with.
 */
public final class CatBoostJsonReader {

    private CatBoostJsonReader() {
    }

    public static ObliviousTreeModel read(Path file) throws ModelFormatException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ModelFormatException(file + ": cannot read: " + e.getMessage());
        }
        try {
            return model(StrictJson.readTree(text));
        } catch (JsonFormatException e) {
            throw new ModelFormatException(file + ":" + e.getMessage());
        }
    }

    private static ObliviousTreeModel model(JsonValue doc) throws JsonFormatException {
        JsonValue root = doc.object();
        if (root.get("trees") != null) {
            throw root.get("trees").error("non-symmetric trees are not supported");
        }
        JsonValue info = root.required("features_info").object();
        for (String kind : List.of("categorical_features", "text_features", "embedding_features")) {
            JsonValue other = info.get(kind);
            if (other != null && other.is(JsonValue.Kind.ARRAY) && !other.array().isEmpty()) {
                throw other.error("only float features are supported");
            }
        }
        List<JsonValue> declared = info.required("float_features").array();
        List<FloatFeature> features = new ArrayList<>();
        List<Integer> firstBorder = new ArrayList<>();
        int total = 0;
        for (int f = 0; f < declared.size(); f++) {
            JsonValue feature = declared.get(f).object();
            JsonValue index = feature.required("feature_index");
            if (index.integer() != f) {
                throw index.error("is " + index.integer() + ", expected its position " + f);
            }
            JsonValue borderList = feature.required("borders");
            List<JsonValue> values = borderList.array();
            float[] borders = new float[values.size()];
            for (int k = 0; k < borders.length; k++) {
                borders[k] = (float) values.get(k).number();
                if (k > 0 && !(borders[k] > borders[k - 1])) {
                    throw borderList.error("not strictly ascending at " + k);
                }
            }
            JsonValue hasNans = feature.get("has_nans");
            boolean nans = hasNans != null && hasNans.is(JsonValue.Kind.BOOLEAN) && hasNans.bool();
            JsonValue treatmentValue = feature.required("nan_value_treatment");
            NanTreatment treatment;
            try {
                treatment = NanTreatment.valueOf(treatmentValue.string());
            } catch (IllegalArgumentException e) {
                throw treatmentValue.error("must be AsIs, AsFalse or AsTrue");
            }
            JsonValue id = feature.get("feature_id");
            String name = id != null && id.is(JsonValue.Kind.STRING) ? id.string() : Integer.toString(f);
            features.add(new FloatFeature(name, borders, nans, treatment));
            firstBorder.add(total);
            total += borders.length;
        }
        List<JsonValue> treeList = root.required("oblivious_trees").array();
        List<ObliviousTree> trees = new ArrayList<>(treeList.size());
        for (JsonValue treeValue : treeList) {
            JsonValue tree = treeValue.object();
            List<JsonValue> splits = tree.required("splits").array();
            int[] splitFeature = new int[splits.size()];
            int[] splitBorder = new int[splits.size()];
            for (int d = 0; d < splits.size(); d++) {
                JsonValue index = splits.get(d).object().required("split_index");
                long s = index.integer();
                if (s < 0 || s >= total) {
                    throw index.error(s + " is out of range (" + total + " borders)");
                }
                int f = 0;
                while (f + 1 < firstBorder.size() && firstBorder.get(f + 1) <= s) {
                    f++;
                }
                splitFeature[d] = f;
                splitBorder[d] = (int) s - firstBorder.get(f);
            }
            JsonValue valueList = tree.required("leaf_values");
            List<JsonValue> leafValues = valueList.array();
            if (leafValues.size() != 1 << splits.size()) {
                throw valueList.error(leafValues.size() + " values for depth " + splits.size()
                        + " (only one-dimensional models are supported)");
            }
            double[] values = new double[leafValues.size()];
            for (int l = 0; l < values.length; l++) {
                values[l] = leafValues.get(l).number();
            }
            trees.add(new ObliviousTree(splitFeature, splitBorder, values));
        }
        double scale = 1;
        double bias = 0;
        JsonValue scaleAndBias = root.get("scale_and_bias");
        if (scaleAndBias != null) {
            List<JsonValue> pair = scaleAndBias.array();
            if (pair.size() != 2) {
                throw scaleAndBias.error("expected [scale, [bias]]");
            }
            scale = pair.get(0).number();
            List<JsonValue> biases = pair.get(1).array();
            if (biases.size() > 1) {
                throw pair.get(1).error("one-dimensional models have one bias");
            }
            bias = biases.isEmpty() ? 0 : biases.getFirst().number();
        }
        return new ObliviousTreeModel(features, trees, scale, bias);
    }
}

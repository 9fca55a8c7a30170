package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every defect the CatBoost JSON loader would accept silently, and the others a model file can
 * have, fails startup with an error that names models.yaml's line and key, the model file, the
 * JSON path and what is wrong.
 *
 * <p>The base model: features (a: borders 0.5, 1.5, 2.5) and (b: 10), tree 0 splits a>0.5 and
 * b>10, tree 1 splits a>2.5.
 */
class StructuralDefectsRejectedTest {

    @TempDir
    Path dir;

    static JsonModel base() {
        return new JsonModel()
                .feature("a", 0.5, 1.5, 2.5)
                .feature("b", 10.0)
                .tree(new int[][] {{0, 0}, {1, 0}}, -1.0, 0.5, 0.25, 2.0)
                .tree(new int[][] {{0, 2}}, 0.1, -0.3);
    }

    @Test
    void shouldLoadTheUnbrokenModel() throws Exception {
        Files.writeString(dir.resolve("m.json"), base().json());
        ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a", "b")).close();
    }

    @Test
    void shouldRejectASplitWithoutSplitIndex() throws Exception {
        assertRejected(m -> m.split(0, 1).remove("split_index"),
                "oblivious_trees[0].splits[1]: split_index is missing (CatBoost would silently use split 0)");
    }

    @Test
    void shouldRejectUnsortedBorders() throws Exception {
        assertRejected(m -> m.feature(0).put("borders", new ArrayList<>(List.of(0.5, 2.5, 1.5))),
                "features_info.float_features[0].borders: must be strictly ascending (CatBoost evaluates unsorted borders"
                        + " wrongly): borders[2] = 1.5 follows 2.5");
    }

    @Test
    void shouldRejectDuplicateBordersAfterRoundingToFloat() throws Exception {
        // Distinct as doubles, the same float: the loader would keep a duplicate border.
        assertRejected(m -> m.feature(0).put("borders", new ArrayList<>(List.of(0.5, 1.5, 1.50000001))),
                "features_info.float_features[0].borders: must be strictly ascending");
    }

    @Test
    void shouldRejectAWrongLeafCount() throws Exception {
        assertRejected(m -> m.tree(1).put("leaf_values", new ArrayList<>(List.of(0.1, -0.3, 0.7))),
                "oblivious_trees[1].leaf_values: has 3 values, a depth-1 tree needs 2");
        assertRejected(m -> m.tree(0).put("leaf_values", new ArrayList<>(List.of(0.1, -0.3))),
                "oblivious_trees[0].leaf_values: has 2 values, a depth-2 tree needs 4");
    }

    @Test
    void shouldRejectAFlatFeatureIndexThatIsNotThePosition() throws Exception {
        assertRejected(m -> m.feature(1).put("flat_feature_index", 2),
                "features_info.float_features[1].flat_feature_index: must equal the feature's position 1, got 2");
        assertRejected(m -> m.feature(1).remove("flat_feature_index"),
                "features_info.float_features[1]: flat_feature_index is missing (must be 1, the feature's position)");
        assertRejected(m -> m.feature(0).put("feature_index", 1),
                "features_info.float_features[0].feature_index: must equal the feature's position 0, got 1");
    }

    @Test
    void shouldRejectASplitIndexOutOfRange() throws Exception {
        assertRejected(m -> m.split(1, 0).put("split_index", 4),
                "oblivious_trees[1].splits[0].split_index: 4 is out of range: the features have 4 borders in all");
        assertRejected(m -> m.split(1, 0).put("split_index", 1.5),
                "oblivious_trees[1].splits[0].split_index: expected an integer, got 1.5");
    }

    @Test
    void shouldRejectSplitFieldsThatContradictSplitIndex() throws Exception {
        assertRejected(m -> m.split(0, 0).put("split_index", 3),
                "oblivious_trees[0].splits[0]: split_index 3 is a border of feature 1 but float_feature_index says 0");
        assertRejected(m -> m.split(1, 0).put("split_index", 1),
                "oblivious_trees[1].splits[0]: split_index 1 is border 1.5 of feature 0 but border says 2.5");
    }

    @Test
    void shouldRejectAMissingNanTreatment() throws Exception {
        assertRejected(m -> m.feature(0).remove("nan_value_treatment"),
                "features_info.float_features[0].nan_value_treatment: is missing (one of AsIs, AsFalse, AsTrue)");
    }

    @Test
    void shouldRejectAModelWithoutTrees() throws Exception {
        // The JNI loads it, and its predict never returns.
        assertRejected(m -> m.trees().clear(), "oblivious_trees: the model has no trees");
    }

    @Test
    void shouldRejectNonSymmetricAndCategoricalModels() throws Exception {
        assertRejected(m -> m.document().put("trees", List.of()),
                "trees: non-symmetric trees are not supported; train with grow_policy SymmetricTree");
        assertRejected(m -> featuresInfo(m).put("categorical_features", List.of(Map.of("feature_index", 0))),
                "features_info.categorical_features: only float features are supported");
        assertRejected(m -> m.split(0, 0).put("split_type", "OnlineCtr"),
                "oblivious_trees[0].splits[0].split_type: only FloatFeature splits are supported, got \"OnlineCtr\"");
    }

    @Test
    void shouldRejectMultipleBiasesAndNonLoglossModels() throws Exception {
        assertRejected(m -> m.document().put("scale_and_bias", List.of(1.0, List.of(0.0, 0.0))),
                "scale_and_bias[1]: has 2 biases; one-dimensional models have one");
        assertRejected(m -> m.document().put("model_info", Map.of("params", Map.of("loss_function", Map.of("type", "RMSE")))),
                "model_info.params.loss_function.type: is RMSE; the bot score needs a Logloss or CrossEntropy model");
    }

    @Test
    void shouldRejectAFeatureNamedDifferentlyFromModelsYaml() throws Exception {
        assertRejectedWhole(m -> m.feature(1).put("feature_id", "c"),
                "feature 1 is \"c\" in the model but \"b\" in models.yaml");
    }

    @Test
    void shouldRejectAFeatureCountOtherThanModelsYamls() throws Exception {
        Files.writeString(dir.resolve("m.json"), base().json());
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a", "b", "c")));
        assertMessage(e, "the model has 2 float features but models.yaml lists 3");
    }

    @Test
    void shouldRejectATruncatedFile() throws Exception {
        // The JNI loads a file cut off after its trees without complaint.
        String json = base().json();
        Files.writeString(dir.resolve("m.json"), json.substring(0, json.length() / 2));
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a", "b")));
        assertMessage(e, "m.json:1:" + (json.length() / 2 + 1) + ": ");
        assertMessage(e, ": invalid JSON: unexpected end of the document");
    }

    @Test
    void shouldRejectADuplicateKey() throws Exception {
        // The JNI takes one of the two without a word; which one is not written down anywhere.
        String json = base().json().replaceFirst("\"has_nans\":false", "\"has_nans\":false,\"has_nans\":true");
        Files.writeString(dir.resolve("m.json"), json);
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a", "b")));
        assertMessage(e, "m.json:1:");
        assertMessage(e, "features_info.float_features[0].has_nans: invalid JSON: duplicate key \"has_nans\"");
    }

    @Test
    void shouldRejectAMissingFileAndANonJsonFile() throws Exception {
        ConfigException missing = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("absent.json", "a", "b")));
        assertMessage(missing, "absent.json: file not found");
        Files.write(dir.resolve("binary.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        ConfigException binary = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("binary.json", "a", "b")));
        assertMessage(binary, "not UTF-8 text, so not a CatBoost JSON model");
    }

    @Test
    void shouldRejectACorruptCbmThroughTheJni() throws Exception {
        Files.write(dir.resolve("m.cbm"), "not a model at all".getBytes());
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.load(dir, ModelsYaml.primary("m.cbm", "a", "b")));
        assertMessage(e, "m.cbm: CatBoost cannot load it: ");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> featuresInfo(JsonModel m) {
        return (Map<String, Object>) m.document().get("features_info");
    }

    /** A defect in the JSON: reported at its line and column in the model file, then its path. */
    private void assertRejected(Consumer<JsonModel> defect, String expected) throws Exception {
        ConfigException e = rejected(defect);
        assertMessage(e, expected);
        assertTrue(e.getMessage().matches(".*/m\\.json:1:\\d+: \\Q" + expected + "\\E.*"),
                () -> "expected the position in the model file before \"" + expected + "\" in: " + e.getMessage());
    }

    /** A defect of the model as a whole (against models.yaml): reported against the file. */
    private void assertRejectedWhole(Consumer<JsonModel> defect, String expected) throws Exception {
        ConfigException e = rejected(defect);
        assertMessage(e, dir.resolve("m.json") + ": " + expected);
    }

    private ConfigException rejected(Consumer<JsonModel> defect) throws Exception {
        JsonModel m = base();
        defect.accept(m);
        Files.writeString(dir.resolve("m.json"), m.json());
        return assertThrows(ConfigException.class, () -> ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a", "b")));
    }

    /** models.yaml:line:column: models[0].file: <model file>: <reason> */
    private void assertMessage(ConfigException e, String expected) {
        String message = e.getMessage();
        String prefix = dir.resolve("models.yaml") + ":4:11: models[0].file: " + dir + "/";
        assertTrue(message.startsWith(prefix), () -> "expected the models.yaml position and the file in: " + message);
        assertTrue(message.contains(expected), () -> "expected \"" + expected + "\" in: " + message);
    }
}

package dev.bliss.training.catboost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.training.model.ObliviousTreeModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hand-written model file: read into the model it says, or refused at file:line:column with the key path. */
class CatBoostJsonReaderTest {

    private static final String FEATURES = "{\"features_info\":{\"float_features\":[{\"feature_index\":0,\"flat_feature_index\":0,"
            + "\"borders\":[0.5],\"has_nans\":false,\"nan_value_treatment\":\"AsIs\",\"feature_id\":\"a\"}]},\n";

    @TempDir
    Path dir;

    @Test
    void shouldReadTheModelTheFileSays() throws Exception {
        Path file = Files.writeString(dir.resolve("m.json"), FEATURES
                + "\"oblivious_trees\":[{\"splits\":[{\"split_index\":0}],\"leaf_values\":[-1.5,2.25]}],\"scale_and_bias\":[1,[0.5]]}");
        ObliviousTreeModel model = CatBoostJsonReader.read(file);
        assertEquals(-1.0, model.predictRaw(new float[] {0.25f}));
        assertEquals(2.75, model.predictRaw(new float[] {0.75f}));
    }

    @Test
    void shouldNameTheFileThePositionAndThePath() throws Exception {
        Path file = Files.writeString(dir.resolve("m.json"), FEATURES
                + "\"oblivious_trees\":[{\"splits\":[{\"split_index\":0}],\"leaf_values\":[-1.5,\"x\"]}]}");
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> CatBoostJsonReader.read(file));
        assertEquals(file + ":2:70: oblivious_trees[0].leaf_values[1]: expected a number, got a string", e.getMessage());

        Path duplicate = Files.writeString(dir.resolve("d.json"), FEATURES
                + "\"oblivious_trees\":[{\"splits\":[],\"splits\":[],\"leaf_values\":[1]}]}");
        ModelFormatException d = assertThrows(ModelFormatException.class, () -> CatBoostJsonReader.read(duplicate));
        assertEquals(duplicate + ":2:41: oblivious_trees[0].splits: invalid JSON: duplicate key \"splits\"", d.getMessage());

        Path missing = Files.writeString(dir.resolve("n.json"), FEATURES + "\"oblivious_trees\":[{\"leaf_values\":[1]}]}");
        ModelFormatException n = assertThrows(ModelFormatException.class, () -> CatBoostJsonReader.read(missing));
        assertEquals(missing + ":2:20: oblivious_trees[0].splits: is missing", n.getMessage());
    }
}

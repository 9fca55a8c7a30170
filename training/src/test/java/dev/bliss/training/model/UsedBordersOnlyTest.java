package dev.bliss.training.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.catboost.CatBoostModel;
import dev.bliss.bot.scoring.CatBoostNativeLibrary;
import dev.bliss.training.catboost.CatBoostJsonWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dropping the borders no split tests changes no prediction, in our evaluator or in the CatBoost
 * JNI reading the exported file, including a feature left with no border at all.
 */
class UsedBordersOnlyTest {

    @TempDir
    Path dir;

    @Test
    void shouldKeepOnlyTestedBordersAndPredictTheSame() throws Exception {
        SplittableRandom random = new SplittableRandom(5);
        List<FloatFeature> features = List.of(
                feature("a", 0, 40, false),
                feature("b", 100, 30, true),     // no split tests it: left with no border
                feature("c", -50, 60, true));
        List<ObliviousTree> trees = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            int depth = 1 + t % 4;
            int[] f = new int[depth];
            int[] k = new int[depth];
            double[] leaves = new double[1 << depth];
            for (int d = 0; d < depth; d++) {
                f[d] = random.nextBoolean() ? 0 : 2;
                k[d] = random.nextInt(features.get(f[d]).borders().length);
            }
            for (int l = 0; l < leaves.length; l++) {
                leaves[l] = random.nextDouble(-1, 1);
            }
            trees.add(new ObliviousTree(f, k, leaves));
        }
        ObliviousTreeModel all = new ObliviousTreeModel(features, trees, 1.0, 0.25);
        ObliviousTreeModel used = all.withUsedBordersOnly();

        assertEquals(0, used.features().get(1).borders().length);
        for (int f = 0; f < 3; f++) {
            float[] kept = used.features().get(f).borders();
            for (float border : kept) {
                assertTrue(contains(all.features().get(f).borders(), border), "kept border " + border);
            }
        }
        assertTrue(used.borderCount() < all.borderCount());

        List<float[]> rows = new ArrayList<>();
        for (FloatFeature feature : all.features()) {
            for (float border : feature.borders()) {   // every original border: on it, just above it
                rows.add(new float[] {border, border, border});
                rows.add(new float[] {Math.nextUp(border), Math.nextUp(border), Math.nextUp(border)});
            }
        }
        for (int i = 0; i < 2_000; i++) {
            rows.add(new float[] {(float) random.nextDouble(-10, 50), (float) random.nextDouble(90, 140),
                    (float) random.nextDouble(-60, 20)});
        }
        rows.add(new float[] {Float.NaN, Float.NaN, Float.NaN});
        rows.add(new float[] {Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY});

        Path file = dir.resolve("used.json");
        CatBoostJsonWriter.write(used, Map.of(), file);
        CatBoostNativeLibrary.load();
        try (CatBoostModel jni = CatBoostModel.loadModel(file.toString(), "json")) {
            for (float[] row : rows) {
                double expected = all.predictRaw(row);
                assertEquals(expected, used.predictRaw(row), 0.0);
                assertEquals(expected, jni.predict(row, (String[]) null).get(0, 0), 1e-5);
            }
        }
        assertArrayEquals(used.trees().get(0).leafValues(), all.trees().get(0).leafValues());
    }

    private static FloatFeature feature(String name, float from, int count, boolean nans) {
        float[] borders = new float[count];
        for (int i = 0; i < count; i++) {
            borders[i] = from + i * 1.25f;
        }
        return new FloatFeature(name, borders, nans, NanTreatment.AsFalse);
    }

    private static boolean contains(float[] borders, float border) {
        for (float b : borders) {
            if (b == border) {
                return true;
            }
        }
        return false;
    }
}

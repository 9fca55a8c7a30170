package dev.bliss.bot.scoring;

import dev.bliss.plugin.ScoreMapping;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A two-tree model whose raw values can be worked out on paper, scored through models.yaml,
 * the loader, the JNI and the scorer. The model's features are input positions 2 and 0 (c, a),
 * so the gather through the index map is exercised too.
 *
 * <pre>
 *  model feature 0 = input "c", borders [0.5, 2.5]     model feature 1 = input "a", borders [10]
 *  tree 0: splits (c > 0.5) bit 0, (a > 10) bit 1      leaves [-1.0, 0.5, 0.25, 2.0]
 *  tree 1: split  (c > 2.5) bit 0                      leaves [ 0.1, -0.3]
 *  raw = 2 * (tree 0 + tree 1) + 0.05
 * </pre>
 */
class ModelPredictsHandComputedValuesTest {

    @TempDir
    Path dir;

    private ModelSet set;

    @AfterEach
    void close() {
        if (set != null) {
            set.close();
        }
    }

    static JsonModel handModel() {
        return new JsonModel()
                .feature("c", 0.5, 2.5)
                .feature("a", 10.0)
                .tree(new int[][] {{0, 0}, {1, 0}}, -1.0, 0.5, 0.25, 2.0)
                .tree(new int[][] {{0, 1}}, 0.1, -0.3)
                .scaleAndBias(2.0, 0.05);
    }

    @Test
    void shouldPredictTheRawValuesWorkedOutByHand() throws Exception {
        handModel().writeTo(dir.resolve("hand.json"));
        set = ModelsYaml.load(dir, ModelsYaml.primary("hand.json", "c", "a"));
        ModelScorer scorer = set.newScorer();
        //        input order: a, b, c, d
        assertRaw(scorer, -1.75, 0f, 0f, 0f, 0f);        // c=0:  leaf 0 (-1.0), c<=2.5 (0.1)  → 2*(-0.9)+0.05
        assertRaw(scorer, 1.25, 0f, 0f, 1f, 0f);         // c=1:  leaf 1 (0.5),  0.1          → 2*0.6+0.05
        assertRaw(scorer, 3.45, 11f, 0f, 3f, 0f);        // c=3, a=11: leaf 3 (2.0), -0.3     → 2*1.7+0.05
        assertRaw(scorer, -1.75, 10f, 0f, 0.5f, 0f);     // on both borders: "greater than" is false
        assertRaw(scorer, 0.75, 20f, 0f, Float.NaN, 0f); // NaN with AsIs: every split false; a=20: leaf 2 (0.25)
        assertRaw(scorer, 0.75, 20f, 99f, Float.NaN, -5f); // b and d are not model features
    }

    @Test
    void shouldScoreWithTheDocumentedMapping() throws Exception {
        handModel().writeTo(dir.resolve("hand.json"));
        set = ModelsYaml.load(dir, ModelsYaml.primary("hand.json", "c", "a"));
        ModelScorer scorer = set.newScorer();
        float[] input = {11f, 0f, 3f, 0f};
        double p = 1.0 / (1.0 + Math.exp(-3.45));              // 0.9692
        // 29.5 − 10·log10(e^3.45 / (69.5/28.5)) = 29.5 − 11.11 = 18.39 → 18
        int expected = (int) Math.round(29.5 - 10 * Math.log10(Math.exp(3.45) / (69.5 / 28.5)));
        assertEquals(18, expected);
        assertEquals(expected, scorer.score(input));
        assertEquals(p, scorer.lastProbability(), 1e-12);
        assertEquals(41, scorer.score(new float[] {0f, 0f, 0f, 0f}));  // raw -1.75: 29.5 + 11.47 = 40.97 → 41
    }

    @Test
    void shouldPassTheInputUnchangedWhenTheModelReadsItsFirstPositionsInOrder() throws Exception {
        // Same trees, features (a, b) = input positions 0 and 1: no gather.
        new JsonModel()
                .feature("a", 0.5, 2.5)
                .feature("b", 10.0)
                .tree(new int[][] {{0, 0}, {1, 0}}, -1.0, 0.5, 0.25, 2.0)
                .tree(new int[][] {{0, 1}}, 0.1, -0.3)
                .scaleAndBias(2.0, 0.05)
                .writeTo(dir.resolve("direct.json"));
        set = ModelsYaml.load(dir, ModelsYaml.primary("direct.json", "a", "b"));
        ModelScorer scorer = set.newScorer();
        assertRaw(scorer, 3.45, 3f, 11f, 0f, 0f);
        assertRaw(scorer, 1.25, 1f, 0f, 7f, 7f);
    }

    @Test
    void shouldScoreZeroWithoutAPrimaryModel() throws Exception {
        set = ModelsYaml.load(dir, "models: []\n");
        ModelScorer scorer = set.newScorer();
        assertFalse(set.hasPrimary());
        assertEquals(ScoreMapping.NOT_COMPUTED, scorer.score(new float[4]));
        assertTrue(Double.isNaN(scorer.lastProbability()));
        assertEquals(0, scorer.shadow(new float[4], 0));
    }

    @Test
    void shouldScoreZeroAfterTheSetIsClosed() throws Exception {
        handModel().writeTo(dir.resolve("hand.json"));
        set = ModelsYaml.load(dir, ModelsYaml.primary("hand.json", "c", "a"));
        ModelScorer scorer = set.newScorer();
        assertTrue(scorer.score(new float[4]) > 0);
        set.close();
        assertEquals(ScoreMapping.NOT_COMPUTED, scorer.score(new float[4]));
    }

    private static void assertRaw(ModelScorer scorer, double expected, float... input) {
        int score = scorer.score(input);
        assertEquals(expected, scorer.lastRawValue(), 1e-9, "raw value");
        assertEquals(ScoreMapping.score(1.0 / (1.0 + Math.exp(-expected))), score);
    }
}

package dev.bliss.bot.scoring;

import dev.bliss.plugin.ScoreMapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shadow models run on their sample of requests, never change the score, and are counted with
 * the difference between their score and the primary's.
 *
 * <p>Primary: raw -3.83 for every input (score 50). Shadow "close": raw -3.37 (score 48, delta
 * -2). Shadow "never": sample rate 0. Shadow "half": sample rate 0.5, raw -9.12 (score 73, delta
 * +23). Scores on {@link ScoreMapping}'s scale: 29.5 + 4.343·(0.891 − raw).
 */
class ShadowModelTest {

    private static final int REQUESTS = 10_000;

    @TempDir
    Path dir;

    @Test
    void shouldCountSampleAndCompareShadowScores() throws Exception {
        ModelReloadTest.oneTree(-3.83, -3.83).writeTo(dir.resolve("primary.json"));
        ModelReloadTest.oneTree(-3.37, -3.37).writeTo(dir.resolve("close.json"));
        ModelReloadTest.oneTree(-9.12, -9.12).writeTo(dir.resolve("far.json"));
        try (ModelSet set = ModelsYaml.load(dir, """
                models:
                  - {name: main, file: primary.json, role: primary, features: [a]}
                  - {name: close, file: close.json, role: shadow, features: [a]}
                  - {name: never, file: far.json, role: shadow, sample_rate: 0, features: [a]}
                  - {name: half, file: far.json, role: shadow, sample_rate: 0.5, features: [a]}
                """)) {
            ModelScorer scorer = set.newScorer();
            float[] input = {1f, 0f, 0f, 0f};
            int ran = 0;
            for (int i = 0; i < REQUESTS; i++) {
                int score = scorer.score(input);
                assertEquals(50, score);
                ran += scorer.shadow(input, score);
            }
            ran += scorer.shadow(input, 0); // no primary score: counted, not compared

            ModelSetMetrics metrics = set.metrics();
            ModelMetrics main = metrics.models().get(0);
            assertEquals("main", main.name());
            assertEquals(REQUESTS, main.predictions());
            assertEquals(0, main.compared());

            ModelMetrics close = metrics.models().get(1);
            assertEquals(48, ScoreMapping.scoreOfRaw(-3.37));  // 29.5 + 4.343·4.261 = 48.01
            assertEquals(REQUESTS + 1, close.predictions());
            assertEquals(REQUESTS, close.compared());
            assertEquals(-2L * REQUESTS, close.deltaSum());
            assertEquals(2L * REQUESTS, close.absoluteDeltaSum());
            assertEquals(-2.0, close.meanDelta());
            // |delta| = 2 falls in the second bucket (1..2).
            assertArrayEquals(new long[] {0, REQUESTS, 0, 0, 0, 0, 0}, close.absoluteDeltaHistogram());

            assertEquals(0, close.oppositeSides(), "48 and 50 are on the same side of 30");
            assertEquals(2.0, close.meanAbsoluteDelta());
            assertEquals(0.0, close.disagreement());
            // every prediction of main is 50: the bucket of bound 50 (index 6 of 1, 5, 10, 20, 29, 40, 50, …)
            assertEquals(REQUESTS, main.scoreHistogram()[6]);
            assertEquals(50L * REQUESTS, main.scoreSum());
            assertEquals(REQUESTS + 1, close.scoreHistogram()[6], "48 is in (40, 50]");

            assertEquals(0, metrics.models().get(2).predictions());

            ModelMetrics half = metrics.models().get(3);
            // Binomial(10,000, 0.5): 5,000 ± 50 (one sigma); ±500 is ten sigma.
            assertTrue(Math.abs(half.compared() - REQUESTS / 2) < 500, "sampled " + half.compared());
            assertEquals(73, ScoreMapping.scoreOfRaw(-9.12));  // 29.5 + 4.343·10.011 = 72.98
            assertEquals(23L * half.compared(), half.deltaSum());
            assertEquals(half.compared(), half.absoluteDeltaHistogram()[5]); // 21..40
            assertEquals(ran, close.predictions() + half.predictions());
        }
    }

    @Test
    void shouldKeepCountsOfAClosedScorer() throws Exception {
        ModelReloadTest.oneTree(0, 0).writeTo(dir.resolve("primary.json"));
        try (ModelSet set = ModelsYaml.load(dir, ModelsYaml.primary("primary.json", "a"))) {
            ModelScorer first = set.newScorer();
            first.score(new float[4]);
            first.close();
            set.newScorer().score(new float[4]);
            assertEquals(2, set.metrics().models().get(0).predictions());
        }
    }
}

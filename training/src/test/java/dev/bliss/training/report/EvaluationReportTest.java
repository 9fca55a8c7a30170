package dev.bliss.training.report;

import dev.bliss.plugin.ScoreSource;
import dev.bliss.training.data.Dataset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where each class's scores lie: percentiles by nearest rank, of the score sent. */
class EvaluationReportTest {

    @Test
    void shouldTakeEachPercentileByNearestRank() {
        // people: scores 1..100 clamped to the scale's 99 at the top; automated: none
        int[] scores = new int[100];
        boolean[] automated = new boolean[100];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = Math.min(99, 100 - i);
        }
        assertArrayEquals(new int[] {1, 10, 50, 90, 99}, EvaluationReport.percentiles(scores, automated, false));
        assertArrayEquals(new int[0], EvaluationReport.percentiles(scores, automated, true));
        assertArrayEquals(new int[] {7, 7, 7, 7, 7}, EvaluationReport.percentiles(new int[] {7}, new boolean[] {true}, true));
    }

    @Test
    void shouldSayWhereTheScoresSentLie() {
        // 98 people the model is sure of (p = 0: 99), one it doubts (p = 0.5: 33), one a heuristic
        // decided (1 sent); two bots at p = 1 (1)
        int rows = 102;
        boolean[] automated = new boolean[rows];
        double[] p = new double[rows];
        ScoreSource[] sources = new ScoreSource[rows];
        Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        p[98] = 0.5;
        sources[99] = ScoreSource.HEURISTICS;
        for (int i = 100; i < rows; i++) {
            automated[i] = true;
            p[i] = 1;
        }
        int[] population = new int[rows];
        String[] groups = new String[rows];
        for (int i = 0; i < rows; i++) {
            population[i] = automated[i] ? 1 : 0;
            groups[i] = "client-" + i;
        }
        Dataset data = new Dataset(List.of("x"), new float[][] {new float[rows]}, automated, population,
                List.of("human", "scraper"), groups, sources, new int[rows]);
        String text = EvaluationReport.of("t", data, p).withFinalDecision().text();
        assertTrue(text.contains("where the scores sent lie, percentiles 1 10 50 90 99: people 1 99 99 99 99; automated 1 1 1 1 1"), text);
        String model = EvaluationReport.of("t", data, p).text();
        assertTrue(model.contains("where the scores lie, percentiles 1 10 50 90 99: people 33 99 99 99 99; automated 1 1 1 1 1"), model);
    }
}

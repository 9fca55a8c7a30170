package dev.bliss.training.gbdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.SyntheticTraffic;
import dev.bliss.training.catboost.CatBoostJsonWriter;
import dev.bliss.training.data.Dataset;
import dev.bliss.training.data.LabelledLog;
import dev.bliss.training.data.ValidationSplit;
import dev.bliss.training.model.ObliviousTree;
import dev.bliss.training.model.ObliviousTreeModel;
import dev.bliss.training.report.Classification;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObliviousBoostingTest {

    @TempDir
    static Path dir;

    static Dataset train;
    static Dataset test;

    @BeforeAll
    static void data() throws Exception {
        SyntheticTraffic.write(dir.resolve("train.jsonl"), dir.resolve("train.csv"), 20_000, 1);
        SyntheticTraffic.write(dir.resolve("test.jsonl"), dir.resolve("test.csv"), 10_000, 2);
        train = LabelledLog.read(List.of(dir.resolve("train.jsonl")), dir.resolve("train.csv"), false).dataset();
        test = LabelledLog.read(List.of(dir.resolve("test.jsonl")), dir.resolve("test.csv"), false).dataset();
    }

    private static BoostingOptions options(int iterations, int earlyStop, int threads) {
        return new BoostingOptions(iterations, 6, 0.1, 3, 254, earlyStop, threads);
    }

    private static double[] probabilities(ObliviousTreeModel model, Dataset data) {
        double[] p = new double[data.rowCount()];
        float[] row = new float[data.featureCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = model.predictProbability(data.row(i, row));
        }
        return p;
    }

    private static boolean[] labels(Dataset data) {
        boolean[] y = new boolean[data.rowCount()];
        for (int i = 0; i < y.length; i++) {
            y[i] = data.automated(i);
        }
        return y;
    }

    @Test
    void shouldBeatAConstantModelOnUnseenTraffic() {
        TrainingResult result = new ObliviousBoosting(options(100, 0, 2), TrainingListener.NONE).train(train, null);
        double[] p = probabilities(result.model(), test);
        boolean[] y = labels(test);
        double prior = (double) train.automatedCount() / train.rowCount();
        double[] constant = new double[p.length];
        java.util.Arrays.fill(constant, prior);
        double modelLoss = Classification.logloss(p, y);
        double constantLoss = Classification.logloss(constant, y);
        double auc = Classification.auc(p, y);
        assertEquals(0.5, Classification.auc(constant, y), 1e-12);
        // Verified bots look human by construction (the proxy decides them by rule), so the
        // ceiling is below 1; scrapers and headless browsers are separable.
        assertTrue(auc > 0.9, "AUC " + auc);
        assertTrue(modelLoss < 0.6 * constantLoss, "Logloss " + modelLoss + " vs constant " + constantLoss);
        // The training loss falls as trees are added.
        double[] loss = result.trainLoss();
        assertTrue(loss[loss.length - 1] < loss[0], "train loss " + loss[0] + " -> " + loss[loss.length - 1]);
        double[] importance = result.importance();
        double sum = 0;
        for (double share : importance) {
            sum += share;
        }
        assertEquals(1.0, sum, 1e-9);
        // The features that carry the signal lead the importance.
        int reqs = train.featureNames().indexOf("ip.reqs_1m");
        int uaLength = train.featureNames().indexOf("user_agent_length");
        assertTrue(importance[reqs] > importance[uaLength] * 10, "ip.reqs_1m " + importance[reqs]
                + ", user_agent_length (noise) " + importance[uaLength]);
    }

    @Test
    void shouldWriteTheSameBytesForTheSameSeedWhateverTheThreadCount() {
        ValidationSplit split = ValidationSplit.byClient(train, 0.2, 5);
        Dataset t = train.rows(split.train());
        Dataset v = train.rows(split.validation());
        String one = CatBoostJsonWriter.toJson(
                new ObliviousBoosting(options(40, 10, 1), TrainingListener.NONE).train(t, v).model(), Map.of());
        String again = CatBoostJsonWriter.toJson(
                new ObliviousBoosting(options(40, 10, 1), TrainingListener.NONE).train(t, v).model(), Map.of());
        String twoThreads = CatBoostJsonWriter.toJson(
                new ObliviousBoosting(options(40, 10, 2), TrainingListener.NONE).train(t, v).model(), Map.of());
        assertEquals(one, again);
        assertEquals(one, twoThreads);
    }

    @Test
    void shouldSplitEachTreeOnItsOwnSubsetOfTheFeaturesAndSpreadTheGain() {
        BoostingOptions all = new BoostingOptions(40, 4, 0.2, 3, 64, 0, 2);
        BoostingOptions quarter = new BoostingOptions(40, 4, 0.2, 3, 64, 0, 2, 0.25);
        TrainingResult everyFeature = new ObliviousBoosting(all, TrainingListener.NONE).train(train, null);
        TrainingResult bagged = new ObliviousBoosting(quarter, TrainingListener.NONE).train(train, null);
        int perTree = Math.round(0.25f * train.featureCount());
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (ObliviousTree tree : bagged.model().trees()) {
            java.util.Set<Integer> own = new java.util.HashSet<>();
            for (int f : tree.features()) {
                own.add(f);
            }
            assertTrue(own.size() <= perTree, own + " in one tree");
            used.addAll(own);
        }
        assertTrue(used.size() > perTree, "the trees' subsets differ: " + used.size() + " features used");
        assertTrue(max(bagged.importance()) < max(everyFeature.importance()), "largest gain share "
                + max(everyFeature.importance()) + " → " + max(bagged.importance()));
        assertTrue(Classification.auc(probabilities(bagged.model(), test), labels(test)) > 0.9);
        // the subsets are the trees' own: the thread count changes nothing
        assertEquals(CatBoostJsonWriter.toJson(bagged.model(), Map.of()), CatBoostJsonWriter.toJson(
                new ObliviousBoosting(new BoostingOptions(40, 4, 0.2, 3, 64, 0, 1, 0.25), TrainingListener.NONE)
                        .train(train, null).model(), Map.of()));
    }

    private static double max(double[] shares) {
        double m = 0;
        for (double s : shares) {
            m = Math.max(m, s);
        }
        return m;
    }

    @Test
    void shouldStopEarlyAndKeepTheTreesUpToTheBestValidationLoss() {
        ValidationSplit split = ValidationSplit.byClient(train, 0.3, 9);
        Dataset t = train.rows(split.train());
        Dataset v = train.rows(split.validation());
        // A high learning rate overfits quickly, so validation loss turns up within the budget.
        BoostingOptions o = new BoostingOptions(400, 6, 0.8, 0, 254, 10, 2);
        TrainingResult result = new ObliviousBoosting(o, TrainingListener.NONE).train(t, v);
        int kept = result.model().trees().size();
        assertTrue(result.iterationsRun() < 400, "ran " + result.iterationsRun());
        assertEquals(result.iterationsRun() - 10, kept);
        double[] valid = result.validationLoss();
        for (int i = 0; i < valid.length; i++) {
            assertTrue(valid[i] >= valid[kept - 1], "iteration " + (i + 1) + " beat the kept model");
        }
    }

    @Test
    void shouldGrowSymmetricTreesOfTheRequestedDepthWithoutRepeatingASplit() {
        TrainingResult result = new ObliviousBoosting(new BoostingOptions(5, 4, 0.1, 3, 16, 0, 1), TrainingListener.NONE)
                .train(train, null);
        for (ObliviousTree tree : result.model().trees()) {
            assertEquals(4, tree.depth());
            assertEquals(16, tree.leafValues().length);
            for (int a = 0; a < tree.depth(); a++) {
                for (int b = a + 1; b < tree.depth(); b++) {
                    assertTrue(tree.features()[a] != tree.features()[b] || tree.borders()[a] != tree.borders()[b]);
                }
            }
        }
        result.model().features().forEach(f -> assertTrue(f.borders().length <= 16));
    }

    @Test
    void shouldChooseTheSplitsAndLeafValuesABruteForceSearchChooses() {
        int[] rows = new int[3_000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        Dataset small = train.rows(rows);
        double l2 = 3;
        double rate = 0.3;
        ObliviousTreeModel model = new ObliviousBoosting(new BoostingOptions(6, 5, rate, l2, 32, 0, 2),
                TrainingListener.NONE).train(small, null).model();
        int n = small.rowCount();
        int features = small.featureCount();
        int[][] bin = new int[features][n];
        for (int f = 0; f < features; f++) {
            for (int i = 0; i < n; i++) {
                bin[f][i] = model.features().get(f).bin(small.column(f)[i]);
            }
        }
        double[] approx = new double[n];
        java.util.Arrays.fill(approx, model.bias());
        for (ObliviousTree tree : model.trees()) {
            double[] g = new double[n];
            double[] h = new double[n];
            for (int i = 0; i < n; i++) {
                double p = ObliviousTreeModel.sigmoid(approx[i]);
                g[i] = (small.automated(i) ? 1 : 0) - p;
                h[i] = p * (1 - p);
            }
            int[] leaf = new int[n];
            for (int d = 0; d < tree.depth(); d++) {
                double best = Double.NEGATIVE_INFINITY;
                double chosen = Double.NaN;
                for (int f = 0; f < features; f++) {
                    for (int k = 0; k < model.features().get(f).borders().length; k++) {
                        double[] sums = new double[4 << d];
                        for (int i = 0; i < n; i++) {
                            int side = bin[f][i] > k ? 1 : 0;
                            sums[(leaf[i] * 2 + side) * 2] += g[i];
                            sums[(leaf[i] * 2 + side) * 2 + 1] += h[i];
                        }
                        double score = 0;
                        for (int c = 0; c < 2 << d; c++) {
                            score += sums[2 * c] * sums[2 * c] / (sums[2 * c + 1] + l2);
                        }
                        best = Math.max(best, score);
                        if (f == tree.features()[d] && k == tree.borders()[d]) {
                            chosen = score;
                        }
                    }
                }
                assertEquals(best, chosen, 1e-9 * Math.abs(best), "tree level " + d);
                for (int i = 0; i < n; i++) {
                    if (bin[tree.features()[d]][i] > tree.borders()[d]) {
                        leaf[i] |= 1 << d;
                    }
                }
            }
            double[] sumG = new double[tree.leafValues().length];
            double[] sumH = new double[tree.leafValues().length];
            for (int i = 0; i < n; i++) {
                sumG[leaf[i]] += g[i];
                sumH[leaf[i]] += h[i];
            }
            for (int l = 0; l < sumG.length; l++) {
                assertEquals(rate * sumG[l] / (sumH[l] + l2), tree.leafValues()[l], 1e-12);
            }
            for (int i = 0; i < n; i++) {
                approx[i] += tree.leafValues()[leaf[i]];
            }
        }
    }
}

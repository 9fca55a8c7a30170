package dev.bliss.training.gbdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import dev.bliss.training.SyntheticTraffic;
import dev.bliss.training.data.Dataset;
import dev.bliss.training.data.LabelledLog;
import dev.bliss.training.model.ObliviousTreeModel;
import dev.bliss.training.model.PlattCalibration;
import dev.bliss.training.report.BotScore;
import dev.bliss.training.report.Classification;
import dev.bliss.training.report.LeaveOnePopulationOut;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guards against a model that leans on one input or is confident where it should not be:
 * the gain cap spreads the gain (its largest share ends at or under the cap where it was over
 * without it), Platt calibration makes held-out probabilities honest (lower Logloss on other
 * traffic without changing the ranking), and leave-one-population-out trains without each
 * population and tests on it.
 */
class TrainingGuardsTest {

    @TempDir
    static Path dir;

    static Dataset train;
    static Dataset held;
    static Dataset test;

    @BeforeAll
    static void data() throws Exception {
        SyntheticTraffic.write(dir.resolve("train.jsonl"), dir.resolve("train.csv"), 12_000, 1);
        SyntheticTraffic.write(dir.resolve("held.jsonl"), dir.resolve("held.csv"), 4_000, 3);
        SyntheticTraffic.write(dir.resolve("test.jsonl"), dir.resolve("test.csv"), 6_000, 2);
        train = LabelledLog.read(List.of(dir.resolve("train.jsonl")), dir.resolve("train.csv"), false).dataset();
        held = LabelledLog.read(List.of(dir.resolve("held.jsonl")), dir.resolve("held.csv"), false).dataset();
        test = LabelledLog.read(List.of(dir.resolve("test.jsonl")), dir.resolve("test.csv"), false).dataset();
    }

    private static BoostingOptions options(int trees) {
        return new BoostingOptions(trees, 4, 0.2, 3, 64, 0, 2);
    }

    private static double max(double[] shares) {
        double m = 0;
        for (double s : shares) {
            m = Math.max(m, s);
        }
        return m;
    }

    @Test
    void shouldCapTheLargestGainShare() {
        double uncapped = max(new ObliviousBoosting(options(40), TrainingListener.NONE).train(train, null).importance());
        assertTrue(uncapped > 0.3, "the synthetic signal leans on one feature: " + uncapped);
        GainCap.Result capped = GainCap.train(options(40), TrainingListener.NONE, train, null, 0.3, 8);
        assertTrue(capped.met(), "cap met within 8 trainings");
        assertTrue(max(capped.training().importance()) <= 0.3, "largest share " + max(capped.training().importance()));
        assertTrue(capped.rounds().size() > 1, "it took retraining");
        GainCap.Round last = capped.rounds().getLast();
        assertTrue(last.weights()[capped.rounds().getFirst().topFeature()] < 1, "the first round's top feature weighed down");
        // the capped model still separates the classes on other traffic
        ObliviousTreeModel m = capped.training().model();
        assertTrue(Classification.auc(p(m, test), labels(test)) > 0.9);
    }

    @Test
    void shouldKeepTheRankingAndImproveHeldOutLoglossWhenCalibrated() {
        // an overconfident model: many trees at a high rate
        ObliviousTreeModel m = new ObliviousBoosting(new BoostingOptions(150, 6, 0.5, 1, 254, 0, 2), TrainingListener.NONE)
                .train(train, null).model();
        ObliviousTreeModel c = LeaveOnePopulationOut.calibrate(m, held);
        double before = Classification.logloss(p(m, test), labels(test));
        double after = Classification.logloss(p(c, test), labels(test));
        assertTrue(after < before, "Logloss on other traffic: " + before + " → " + after);
        assertEquals(Classification.auc(p(m, test), labels(test)), Classification.auc(p(c, test), labels(test)), 1e-9,
                "a monotone map keeps the ranking");
        // calibrated raw = a·raw + b exactly
        PlattCalibration platt = new PlattCalibration(0.5, -1.25);
        ObliviousTreeModel shifted = m.calibrated(platt.a(), platt.b());
        float[] row = new float[test.featureCount()];
        for (int i = 0; i < 100; i++) {
            test.row(i, row);
            assertEquals(0.5 * m.predictRaw(row) - 1.25, shifted.predictRaw(row), 1e-9);
        }
    }

    @Test
    void shouldAnchorScore30AtTheStatedPrecisionOnTheHeldOutRows() {
        ObliviousTreeModel m = new ObliviousBoosting(options(40), TrainingListener.NONE).train(train, null).model();
        double[] platt = precisionAndRecallBelow30(LeaveOnePopulationOut.calibrate(m, held), held);
        double[] anchored = precisionAndRecallBelow30(LeaveOnePopulationOut.calibrate(m, held, 0.99), held);
        assertTrue(anchored[0] >= 0.99, "precision below 30 on the rows it was anchored on: " + anchored[0]);
        if (platt[0] >= 0.99) {
            // Platt's threshold keeps the precision too, so it cannot be lower than the lowest that does
            assertTrue(anchored[1] >= platt[1], "recall " + platt[1] + " (Platt) → " + anchored[1]);
        }
    }

    /** Precision and recall of "score below 30" on {@code d}. */
    private static double[] precisionAndRecallBelow30(ObliviousTreeModel m, Dataset d) {
        double[] p = p(m, d);
        boolean[] y = labels(d);
        int flagged = 0;
        int bots = 0;
        int caught = 0;
        for (int i = 0; i < p.length; i++) {
            boolean below = BotScore.of(p[i]) < 30;
            flagged += below ? 1 : 0;
            caught += below && y[i] ? 1 : 0;
            bots += y[i] ? 1 : 0;
        }
        return new double[] {flagged == 0 ? 1 : caught / (double) flagged, caught / (double) bots};
    }

    @Test
    void shouldTrainWithoutEachPopulationAndTestOnIt() {
        List<LeaveOnePopulationOut.Outcome> outcomes = LeaveOnePopulationOut.run(options(30), null, Double.NaN, train, held, test,
                TrainingListener.NONE);
        // the synthetic traffic's people are one population: without it there is nobody to train against
        assertEquals(List.of("scraper", "headless", "verified_bot").stream().sorted().toList(),
                outcomes.stream().map(LeaveOnePopulationOut.Outcome::population).sorted().toList());
        for (LeaveOnePopulationOut.Outcome o : outcomes) {
            assertTrue(o.automated() && o.rows() > 0 && o.correctShare() >= 0 && o.correctShare() <= 1, o.toString());
            assertTrue(o.auc() > 0.5, o + ": a bot never seen still ranks above people");
            assertTrue(o.otherShare() > 0.5 && o.otherShare() <= 1, o + ": the people, all seen in training, mostly pass");
        }
        // the final AUC ranks by the score the proxy sends: every verified bot is sent 1, and so is
        // every person the log says heuristics decided, so those pairs tie (half) and the rest win
        long people = 0;
        long peopleDecided = 0;
        for (int r = 0; r < test.rowCount(); r++) {
            if (!test.automated(r)) {
                people++;
                peopleDecided += test.scoreSource(r) == ScoreSource.HEURISTICS ? 1 : 0;
            }
        }
        double tiedHalf = 0.5 * peopleDecided / people;
        assertTrue(tiedHalf > 0.01, "some people decided by heuristics in the synthetic log: " + tiedHalf);
        LeaveOnePopulationOut.Outcome verified = outcomes.stream()
                .filter(o -> o.population().equals("verified_bot")).findFirst().orElseThrow();
        assertTrue(verified.finalAuc() <= 1 - tiedHalf + 1e-9 && verified.finalAuc() >= 1 - tiedHalf - 0.01,
                verified + ": expected about " + (1 - tiedHalf));
        String text = LeaveOnePopulationOut.text(outcomes);
        assertTrue(text.contains("headless") && !text.contains("NaN") && text.contains("AUC final"), text);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "%9.5f %9.5f", verified.auc(), verified.finalAuc())), text);
        LeaveOnePopulationOut.Outcome worst = outcomes.stream()
                .min(java.util.Comparator.comparingDouble(LeaveOnePopulationOut.Outcome::otherShare)).orElseThrow();
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "lowest %.2f%% at 30 or above (without %s)",
                100 * worst.otherShare(), worst.population())), text);
    }

    private static double[] p(ObliviousTreeModel m, Dataset d) {
        double[] p = new double[d.rowCount()];
        float[] row = new float[d.featureCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = m.predictProbability(d.row(i, row));
        }
        return p;
    }

    private static boolean[] labels(Dataset d) {
        boolean[] y = new boolean[d.rowCount()];
        for (int i = 0; i < y.length; i++) {
            y[i] = d.automated(i);
        }
        return y;
    }
}

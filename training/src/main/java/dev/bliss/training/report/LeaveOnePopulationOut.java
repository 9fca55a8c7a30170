package dev.bliss.training.report;

import dev.bliss.training.data.Dataset;
import dev.bliss.training.gbdt.BoostingOptions;
import dev.bliss.training.gbdt.ObliviousBoosting;
import dev.bliss.training.gbdt.TrainingListener;
import dev.bliss.training.model.ObliviousTreeModel;
import dev.bliss.training.model.PlattCalibration;
import dev.bliss.training.model.PrecisionThreshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Leave-one-population-out evaluation: for each population of the training data, a model trained
 * (and calibrated) without it, tested on that population's requests in other traffic (another
 * seed), against all of that traffic's requests of the other class. A model that only knows the
 * bots it has seen fails here on the bot that is new; one that only knows the common people
 * fails on the unusual ones.
 *
 * <p>Shares are of the proxy's final decision (a request the log says heuristics or a verified
 * bot decided scores 1, the rest the model's calibrated score), as a {@code bot.score lt 30}
 * rule sees it; the model's own share is beside it. Likewise two AUCs: the model's probability
 * alone (how well what it learnt ranks the unseen kind) and the final score, the x-bot-score the
 * proxy sends (1 where heuristics or a verified bot decided, else the model's score from 1 to 99,
 * ties counting half): how well an operator's threshold on that header can separate the kind. The
 * issue's AUC target is judged on the final score, since that is the only score a rule reads; the
 * model's is kept to show what the model carries over on its own.
 */
public final class LeaveOnePopulationOut {

    /**
     * One held-out population.
     *
     * @param rows          its requests in the test traffic
     * @param correctShare  bots: the share below 30; people: the share at 30 or above (final decision)
     * @param modelShare    the same for the model's score alone
     * @param otherShare    the test traffic's requests of the other class on their right side of
     *                      30 under the same model (final decision): what catching an unseen bot
     *                      cost the people, all of them together, or the reverse
     * @param auc           its requests against the test traffic's requests of the other class, by
     *                      the model's probability alone
     * @param finalAuc      the same by the final score (the x-bot-score the proxy sends)
     */
    public record Outcome(String population, boolean automated, int rows, double correctShare, double modelShare,
                          double otherShare, double auc, double finalAuc, int trees) {
    }

    private LeaveOnePopulationOut() {
    }

    /**
     * @param weights the feature weights of the full model's training ({@code GainCap}), or null
     * @param precision calibrate as {@link #calibrate(ObliviousTreeModel, Dataset, double)} does
     *                  (NaN: Platt alone), as the full model was
     */
    public static List<Outcome> run(BoostingOptions options, double[] weights, double precision, Dataset train,
                                    Dataset validation, Dataset test, TrainingListener listener) {
        List<Outcome> out = new ArrayList<>();
        for (String population : train.populationNames()) {
            int[] trainRows = without(train, population);
            int[] heldRows = without(validation, population);
            int[] testRows = of(test, population);
            if (trainRows.length == train.rowCount() || testRows.length == 0) {
                continue; // not in the training rows, or nothing to test it on
            }
            Dataset t = train.rows(trainRows);
            Dataset v = validation.rows(heldRows);
            int bots = t.automatedCount();
            if (bots == 0 || bots == t.rowCount()) {
                continue; // the only population of its class: nothing to train against
            }
            ObliviousBoosting trainer = new ObliviousBoosting(options, listener);
            if (weights != null) {
                trainer.withFeatureWeights(weights);
            }
            ObliviousTreeModel model = trainer.train(t, v).model();
            if (v.rowCount() > 0) {
                model = calibrate(model, v, precision);
            }
            boolean automated = test.automated(testRows[0]);
            // the population's requests, then every test request of the other class
            List<Integer> rows = new ArrayList<>();
            for (int r : testRows) {
                rows.add(r);
            }
            for (int r = 0; r < test.rowCount(); r++) {
                if (test.automated(r) != automated) {
                    rows.add(r);
                }
            }
            double[] p = new double[rows.size()];
            int[] finalScores = new int[rows.size()];
            boolean[] labels = new boolean[rows.size()];
            float[] row = new float[test.featureCount()];
            int correct = 0;
            int modelCorrect = 0;
            int otherCorrect = 0;
            for (int i = 0; i < rows.size(); i++) {
                int r = rows.get(i);
                p[i] = model.predictProbability(test.row(r, row));
                labels[i] = test.automated(r);
                int modelScore = BotScore.of(p[i]);
                int finalScore = BotScore.sent(test.scoreSource(r), modelScore);
                finalScores[i] = finalScore;
                boolean right = (finalScore < EvaluationReport.BOT_THRESHOLD) == labels[i];
                if (i < testRows.length) {
                    correct += right ? 1 : 0;
                    modelCorrect += (modelScore < EvaluationReport.BOT_THRESHOLD) == automated ? 1 : 0;
                } else {
                    otherCorrect += right ? 1 : 0;
                }
            }
            int others = rows.size() - testRows.length;
            out.add(new Outcome(population, automated, testRows.length, (double) correct / testRows.length,
                    (double) modelCorrect / testRows.length, others == 0 ? Double.NaN : (double) otherCorrect / others,
                    Classification.auc(p, labels), Classification.scoreAuc(finalScores, labels), model.trees().size()));
        }
        return out;
    }

    /** The model recalibrated on {@code held} (Platt). */
    public static ObliviousTreeModel calibrate(ObliviousTreeModel model, Dataset held) {
        return calibrate(model, held, Double.NaN);
    }

    /**
     * The model recalibrated on {@code held}: Platt's slope, and, unless {@code precision} is NaN,
     * moved so that a score below {@value EvaluationReport#BOT_THRESHOLD} means that precision on
     * {@code held} ({@link PrecisionThreshold}).
     */
    public static ObliviousTreeModel calibrate(ObliviousTreeModel model, Dataset held, double precision) {
        double[] raw = new double[held.rowCount()];
        boolean[] labels = new boolean[held.rowCount()];
        float[] row = new float[held.featureCount()];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = model.predictRaw(held.row(i, row));
            labels[i] = held.automated(i);
        }
        PlattCalibration c = PlattCalibration.fit(raw, labels);
        if (!Double.isNaN(precision)) {
            c = PrecisionThreshold.fit(raw, labels, precision)
                    .anchor(c, BotScore.probabilityBelow(EvaluationReport.BOT_THRESHOLD));
        }
        return model.calibrated(c.a(), c.b());
    }

    /**
     * The report's text: one line per held-out population (a population that is its class's only
     * one is left out), then people two ways: each variant held out in turn, and all of them
     * together under the models that held out a bot, the lowest of those.
     */
    public static String text(List<Outcome> outcomes) {
        StringBuilder sb = new StringBuilder();
        sb.append("leave-one-population-out: trained without the population, tested on it (another seed)\n");
        sb.append("AUC: the model's probability alone; AUC final: the x-bot-score the proxy sends (heuristics and\n");
        sb.append("verified bots 1, else the model's score), ties half; the target is judged on the final one\n");
        sb.append(String.format(Locale.ROOT, "%-20s %6s %8s %22s %12s %20s %9s %9s %6s%n", "held out", "label", "requests",
                "correct (final, <30 bot)", "model alone", "other class correct", "AUC", "AUC final", "trees"));
        long humans = 0;
        double humansCorrect = 0;
        Outcome worstForPeople = null;
        for (Outcome o : outcomes) {
            sb.append(String.format(Locale.ROOT, "%-20s %6s %8d %21.2f%% %11.2f%% %19.2f%% %9.5f %9.5f %6d%n",
                    o.population(), o.automated() ? "bot" : "human", o.rows(), 100 * o.correctShare(),
                    100 * o.modelShare(), 100 * o.otherShare(), o.auc(), o.finalAuc(), o.trees()));
            if (!o.automated()) {
                humans += o.rows();
                humansCorrect += o.correctShare() * o.rows();
            } else if (!Double.isNaN(o.otherShare()) && (worstForPeople == null || o.otherShare() < worstForPeople.otherShare())) {
                worstForPeople = o;
            }
        }
        if (worstForPeople != null) {
            sb.append(String.format(Locale.ROOT,
                    "people, all variants together, under each model that held out a bot: lowest %.2f%% at 30 or above (without %s)%n",
                    100 * worstForPeople.otherShare(), worstForPeople.population()));
        }
        if (humans > 0) {
            sb.append(String.format(Locale.ROOT, "people, every variant held out in turn: %.2f%% of %d requests at 30 or above%n",
                    100 * humansCorrect / humans, humans));
        }
        return sb.toString();
    }

    private static int[] without(Dataset d, String population) {
        int p = d.populationNames().indexOf(population);
        List<Integer> rows = new ArrayList<>();
        for (int r = 0; r < d.rowCount(); r++) {
            if (d.population(r) != p) {
                rows.add(r);
            }
        }
        return rows.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] of(Dataset d, String population) {
        int p = d.populationNames().indexOf(population);
        if (p < 0) {
            return new int[0];
        }
        List<Integer> rows = new ArrayList<>();
        for (int r = 0; r < d.rowCount(); r++) {
            if (d.population(r) == p) {
                rows.add(r);
            }
        }
        return rows.stream().mapToInt(Integer::intValue).toArray();
    }
}

package dev.bliss.app.training;

import dev.bliss.plugin.ScoreSource;
import dev.bliss.training.catboost.CatBoostJsonReader;
import dev.bliss.training.catboost.ModelFormatException;
import dev.bliss.training.data.DataException;
import dev.bliss.training.data.Dataset;
import dev.bliss.training.data.GroundTruth;
import dev.bliss.training.data.LabelledLog;
import dev.bliss.training.model.ObliviousTreeModel;
import dev.bliss.training.report.BotScore;
import dev.bliss.training.report.EvaluationReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss evaluate}: an existing CatBoost JSON model on other labelled traffic, alone and as
 * the proxy's final decision. The model is evaluated by our own reader of the JSON, which the
 * training tests prove equal to the CatBoost JNI.
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure a CatBoost JSON model on detection logs and ground truth: AUC, precision and recall",
                "at scores 10, 30 and 50, per-population shares, and the proxy's final decision."})
public final class EvaluateCommand implements Callable<Integer> {

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A CatBoost JSON model (oblivious trees, float features).")
    Path model;

    @Option(names = "--log", required = true, paramLabel = "FILE",
            description = "A detection log (JSON lines); repeat for rotated parts or other runs.")
    List<Path> logs;

    @Option(names = "--truth", required = true, paramLabel = "FILE",
            description = "Ground truth CSV: request_id,population,label (1 = automated); repeat, one per run.")
    List<Path> truth;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Also write report.txt, score-histogram.png and roc.png here.")
    Path reportDir;

    @Option(names = "--skip-bad", description = "Skip (and count) malformed log lines instead of stopping at the first.")
    boolean skipBad;

    @Override
    public Integer call() {
        ObliviousTreeModel m;
        LabelledLog log;
        try {
            m = CatBoostJsonReader.read(model);
            log = LabelledLog.read(logs, GroundTruth.read(truth), skipBad, Runtime.getRuntime().availableProcessors());
        } catch (ModelFormatException | DataException e) {
            System.err.println("bliss evaluate: " + e.getMessage());
            return 1;
        }
        List<String> available = log.dataset().featureNames();
        for (String name : m.featureNames()) {
            if (!available.contains(name)) {
                System.err.println("bliss evaluate: " + model + ": the model reads feature \"" + name
                        + "\", which the log does not have");
                return 1;
            }
        }
        Dataset data = log.dataset().withFeatures(m.featureNames());
        double[] p = new double[data.rowCount()];
        float[] row = new float[data.featureCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = m.predictProbability(data.row(i, row));
        }
        // Where the proxy scored with a model, its logged score can be compared with ours: equal
        // when the log was written with this model (the same features in, the JNI's prediction)
        // by a proxy of the same score scale (those before 2026-12-07 mapped p linearly).
        int scoredByModel = 0;
        int agreeing = 0;
        for (int i = 0; i < p.length; i++) {
            if (data.scoreSource(i) == ScoreSource.MACHINE_LEARNING) {
                scoredByModel++;
                if (data.loggedScore(i) == BotScore.of(p[i])) {
                    agreeing++;
                }
            }
        }
        EvaluationReport report = EvaluationReport.of("bliss evaluate: " + model, data, p)
                .withFinalDecision()
                .withChartLabel(model.getFileName() + " on " + logs.getFirst().getFileName())
                .note(String.format(Locale.ROOT, "%d trees over %d features; %d log lines, %d without truth (skipped)%s",
                        m.trees().size(), m.features().size(), log.logLines(), log.withoutTruth(),
                        skipBad ? ", " + log.skippedBad() + " malformed (skipped)" : ""));
        if (scoredByModel > 0) {
            report.note(String.format(Locale.ROOT, "the logged score equals this model's on %d of the %d requests the proxy"
                    + " scored with a model (all of them when the log was written with this model and the score's scale of odds)", agreeing, scoredByModel));
        }
        System.out.print(report.text());
        if (reportDir != null) {
            try {
                report.writeTo(reportDir);
                System.out.println("report written to " + reportDir);
            } catch (IOException e) {
                System.err.println("bliss evaluate: " + reportDir + ": cannot write the report: " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }
}

package dev.bliss.app.training;

import dev.bliss.training.catboost.CatBoostJsonWriter;
import dev.bliss.training.catboost.ModelsYamlEntry;
import dev.bliss.training.data.ChallengeLabels;
import dev.bliss.training.data.DataException;
import dev.bliss.training.data.Dataset;
import dev.bliss.training.data.FeatureSelection;
import dev.bliss.training.data.GroundTruth;
import dev.bliss.training.data.LabelledLog;
import dev.bliss.training.data.ContradictionAugmentation;
import dev.bliss.training.data.ForeignTlsAugmentation;
import dev.bliss.training.data.PaceAugmentation;
import dev.bliss.training.data.RefusedCookieAugmentation;
import dev.bliss.training.data.RequestLabels;
import dev.bliss.training.data.ValidationSplit;
import dev.bliss.training.gbdt.BoostingOptions;
import dev.bliss.training.gbdt.GainCap;
import dev.bliss.training.gbdt.TrainingListener;
import dev.bliss.training.gbdt.ObliviousBoosting;
import dev.bliss.training.gbdt.TrainingResult;
import dev.bliss.training.model.ObliviousTreeModel;
import dev.bliss.training.model.PlattCalibration;
import dev.bliss.training.model.PrecisionThreshold;
import dev.bliss.training.report.BotScore;
import dev.bliss.training.report.LeaveOnePopulationOut;
import dev.bliss.training.report.EvaluationReport;
import dev.bliss.training.report.ProgressBar;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss train}: gradient-boosted oblivious trees from detection logs joined with ground
 * truth (or labelled by their own challenge outcomes, {@code --labels challenge}), written as CatBoost JSON, with the models.yaml entry and a report on the validation rows.
 */
@Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Train a bot model (CatBoost-style oblivious trees, Logloss) from detection logs and ground truth,",
                "write it as CatBoost JSON, print its models.yaml entry and a report on the held-out clients."})
public final class TrainCommand implements Callable<Integer> {

    /** {@code --labels challenge}: the browser challenge's outcomes as labels ({@link ChallengeLabels}). */
    static final String CHALLENGE_LABELS = "challenge";

    @Option(names = "--log", required = true, paramLabel = "FILE",
            description = "A detection log (JSON lines); repeat for rotated parts, in order, or for other runs.")
    List<Path> logs;

    @Option(names = "--truth", paramLabel = "FILE",
            description = {"Ground truth CSV: request_id,population,label (1 = automated); repeat, one per run, to train",
                    "on several runs (their request ids must differ: other seeds). Or --labels."})
    List<Path> truth;

    @Option(names = "--labels", paramLabel = "SOURCE",
            description = {"Labels from the log itself when there is no ground truth: challenge = the browser challenge's",
                    "outcomes (a solved challenge's request is human, a failed one's automated; others are left out)."})
    String labels;

    @Option(names = "--model", defaultValue = "config/models/bot-v1.json", paramLabel = "FILE",
            description = "Where to write the model (default: ${DEFAULT-VALUE}).")
    Path model;

    @Option(names = "--name", paramLabel = "NAME", description = "The model's name in models.yaml (default: the file name without .json).")
    String name;

    @Option(names = "--features", defaultValue = "all", paramLabel = "SPEC",
            description = "all, request (single-request features only: names without a dot), or a comma list (default: ${DEFAULT-VALUE}).")
    String features;

    @Option(names = "--iterations", defaultValue = "500", description = "Most trees (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--depth", defaultValue = "6", description = "Tree depth (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--learning-rate", defaultValue = "0.1", description = "Learning rate (default: ${DEFAULT-VALUE}).")
    double learningRate;

    @Option(names = "--l2", defaultValue = "3", description = "L2 regularisation of leaf values (default: ${DEFAULT-VALUE}).")
    double l2;

    @Option(names = "--border-count", defaultValue = "254", description = "Most borders per feature, 1..254 (default: ${DEFAULT-VALUE}).")
    int borderCount;

    @Option(names = "--validation", defaultValue = "0.2",
            description = "Share of clients (keys.ip) held out for early stopping and the report; 0 = none (default: ${DEFAULT-VALUE}).")
    double validation;

    @Option(names = "--early-stop", defaultValue = "50", paramLabel = "ROUNDS",
            description = "Stop when the validation loss has not improved for this many trees; 0 = never (default: ${DEFAULT-VALUE}).")
    int earlyStop;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the validation split (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", description = "Threads parsing the log and building histograms (default: the available processors).")
    Integer threads;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Also write report.txt, score-histogram.png, roc.png and models-entry.yaml here.")
    Path reportDir;

    @Option(names = "--skip-bad", description = "Skip (and count) malformed log lines instead of stopping at the first.")
    boolean skipBad;

    @Option(names = "--exclude", paramLabel = "A,B", split = ",",
            description = "Features left out after --features (e.g. counts that grow with the site's traffic).")
    List<String> exclude = List.of();

    @Option(names = "--max-gain-share", defaultValue = "1", paramLabel = "SHARE",
            description = "No feature above this share of the model's total gain: retrain with that feature weighed down "
                    + "until it holds (default: ${DEFAULT-VALUE}, no cap; bot-v2 uses 0.35).")
    double maxGainShare;

    @Option(names = "--gain-cap-rounds", defaultValue = "6", description = "Most trainings the gain cap may take (default: ${DEFAULT-VALUE}).")
    int gainCapRounds;

    @Option(names = "--calibrate", description = "Refit the raw-to-probability mapping on the validation clients (Platt) and "
            + "write the calibrated model.")
    boolean calibrate;

    @Option(names = "--feature-fraction", defaultValue = "1", paramLabel = "SHARE",
            description = "The share of the features each tree may split on, drawn per tree (CatBoost's rsm; default: "
                    + "${DEFAULT-VALUE}, all).")
    double featureFraction;

    @Option(names = "--precision-at-30", paramLabel = "P",
            description = "With --calibrate: then move the mapping so that a score below 30 is the lowest threshold with "
                    + "this precision on the validation clients, e.g. 0.995 (default: Platt's own).")
    Double precisionAt30;

    @Option(names = "--augment-pace", paramLabel = "A,B", split = ",",
            description = "Also train on a copy of each automated training row with these inputs (its pace: pages a "
                    + "minute, gaps between pages; its volume: requests per address) taken from a random person's row, "
                    + "so that a patient bot is not read as a person by its pace alone (PaceAugmentation; default: none).")
    List<String> augmentPace = List.of();

    @Option(names = "--augment-contradictions", paramLabel = "A,B", split = ",",
            description = "Also train on a copy of each automated training row on which one of these checks reads 0 "
                    + "(disagrees with the browser claimed), every other input taken from a random person's row, so that "
                    + "a request contradicting its claim is not read as a person's for its history (ContradictionAugmentation; "
                    + "only checks no real browser fails; default: none).")
    List<String> augmentContradictions = List.of();

    @Option(names = "--augment-refused-cookies",
            description = "Also train on a copy of each automated training row that did not return the site's cookie "
                    + "(no Cookie, from an address with two or more pages in ten minutes and none with a cookie), every "
                    + "other input taken from a random person's row (RefusedCookieAugmentation; needs has_cookie, "
                    + "ip.ratio_cookie_10m and ip.pages_10m among the features).")
    boolean augmentRefusedCookies;

    @Option(names = "--augment-foreign-tls",
            description = "Also train on a copy of each automated training row whose TLS disagrees with its user agent "
                    + "(tls_agrees 0), its claim (user agent, header set, what it asks for) taken from a random person's "
                    + "row and its TLS, cookie and history kept, so that a perfect claim over a tool's stack is judged by "
                    + "where it comes from (ForeignTlsAugmentation; needs tls_agrees among the features).")
    boolean augmentForeignTls;

    @Option(names = "--leave-one-out-log", paramLabel = "FILE",
            description = {"Also evaluate leave-one-population-out on this other traffic's detection log (with",
                    "--leave-one-out-truth); repeat for parts or other runs."})
    List<Path> leaveOneOutLog;

    @Option(names = "--leave-one-out-truth", paramLabel = "FILE",
            description = "The ground truth of --leave-one-out-log; repeat, one per run.")
    List<Path> leaveOneOutTruth;

    @Option(names = "--leave-one-out-iterations", defaultValue = "200",
            description = "Most trees of each leave-one-out model (default: ${DEFAULT-VALUE}).")
    int leaveOneOutIterations;

    @Option(names = "--leave-one-out-sample", defaultValue = "1", paramLabel = "SHARE",
            description = "Train each leave-one-out model on this share of the training clients (default: ${DEFAULT-VALUE}: all).")
    double leaveOneOutSample;

    @Override
    public Integer call() {
        BoostingOptions options;
        try {
            options = new BoostingOptions(iterations, depth, learningRate, l2, borderCount, earlyStop,
                    threads != null ? threads : Runtime.getRuntime().availableProcessors(), featureFraction);
            if (!(validation >= 0) || validation >= 1) {
                throw new IllegalArgumentException("--validation must be in [0, 1), got " + validation);
            }
            if (precisionAt30 != null && (!calibrate || !(precisionAt30 > 0 && precisionAt30 <= 1))) {
                throw new IllegalArgumentException("--precision-at-30 needs --calibrate and a precision in (0, 1], got "
                        + precisionAt30 + (calibrate ? "" : " without --calibrate"));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("bliss train: " + e.getMessage());
            return 2;
        }
        String modelName = name != null ? name : model.getFileName().toString().replaceFirst("\\.json$", "");
        if (!modelName.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            System.err.println("bliss train: --name: \"" + modelName + "\" is not a models.yaml name ([A-Za-z0-9][A-Za-z0-9_.-]*)");
            return 2;
        }
        if ((truth == null) == (labels == null)) {
            System.err.println("bliss train: give either --truth FILE (ground truth) or --labels challenge (the challenge "
                    + "outcomes in the log)");
            return 2;
        }
        if ((leaveOneOutLog == null) != (leaveOneOutTruth == null)) {
            System.err.println("bliss train: --leave-one-out-log and --leave-one-out-truth go together");
            return 2;
        }
        if (labels != null && !labels.equals(CHALLENGE_LABELS)) {
            System.err.println("bliss train: --labels: \"" + labels + "\" is not a label source (" + CHALLENGE_LABELS + ")");
            return 2;
        }
        long started = System.nanoTime();
        LabelledLog log;
        List<String> selected;
        try {
            RequestLabels rowLabels = truth != null ? GroundTruth.read(truth) : new ChallengeLabels();
            log = LabelledLog.read(logs, rowLabels, skipBad, options.threads());
            selected = new java.util.ArrayList<>(FeatureSelection.resolve(features, log.dataset().featureNames()));
            for (String name : exclude) {
                if (!selected.remove(name.strip())) {
                    throw new DataException("--exclude: " + name.strip() + " is not among the selected features");
                }
            }
        } catch (DataException e) {
            System.err.println("bliss train: " + e.getMessage());
            return 1;
        }
        Dataset all = log.dataset().withFeatures(selected);
        System.err.printf(Locale.ROOT, "read %d log lines in %.1f s: %d requests with a label, %d without (skipped)%s%n",
                log.logLines(), seconds(started), all.rowCount(), log.withoutTruth(),
                skipBad ? ", " + log.skippedBad() + " malformed (skipped)" : "");
        ValidationSplit split = ValidationSplit.byClient(all, validation, seed);
        if (split.train().length == 0) {
            System.err.println("bliss train: every request fell into the validation split (the log has "
                    + "few clients, keys.ip): lower --validation, change --seed, or use --validation 0");
            return 1;
        }
        if (validation > 0 && split.validation().length == 0) {
            System.err.println("bliss train: warning: no client fell into the validation split (the log has few clients,"
                    + " keys.ip); training without early stopping, the report is on the training rows");
        }
        Dataset train = all.rows(split.train());
        Dataset held = all.rows(split.validation());
        int real = train.rowCount();
        for (Augmentation a : augmentations(real)) {
            int before = train.rowCount();
            try {
                train = a.copies().apply(train);
            } catch (IllegalArgumentException e) {
                System.err.println("bliss train: " + a.option() + ": " + e.getMessage());
                return 1;
            }
            System.err.printf(Locale.ROOT, "%s: %d %s%n", a.option(), train.rowCount() - before, a.what());
        }
        System.err.printf(Locale.ROOT, "%d features; %d training rows, %d validation rows (split by client, seed %d)%n",
                selected.size(), train.rowCount(), held.rowCount(), seed);

        long trainStart = System.nanoTime();
        ProgressBar progress = ProgressBar.onStderr();
        TrainingResult result;
        GainCap.Result capped = null;
        try {
            if (maxGainShare < 1) {
                capped = GainCap.train(options, progress, train, held, maxGainShare, gainCapRounds);
                result = capped.training();
            } else {
                result = new ObliviousBoosting(options, progress).train(train, held);
            }
        } catch (IllegalArgumentException e) {
            progress.finish();
            System.err.println("bliss train: " + e.getMessage());
            return 1;
        }
        progress.finish();
        double trainSeconds = seconds(trainStart);
        // only the borders the trees test: the same predictions, and a cheaper JNI predict
        ObliviousTreeModel trained = result.model().withUsedBordersOnly();
        String calibration = "none";
        if (calibrate) {
            if (held.rowCount() == 0) {
                System.err.println("bliss train: --calibrate needs validation clients (--validation > 0)");
                return 2;
            }
            double[] raw = new double[held.rowCount()];
            boolean[] labels = new boolean[held.rowCount()];
            float[] r = new float[held.featureCount()];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = trained.predictRaw(held.row(i, r));
                labels[i] = held.automated(i);
            }
            PlattCalibration platt = PlattCalibration.fit(raw, labels);
            calibration = String.format(Locale.ROOT, "platt a=%.6f b=%.6f on the validation clients", platt.a(), platt.b());
            if (precisionAt30 != null) {
                PrecisionThreshold at30;
                try {
                    at30 = PrecisionThreshold.fit(raw, labels, precisionAt30);
                } catch (IllegalArgumentException e) {
                    System.err.println("bliss train: --precision-at-30: " + e.getMessage());
                    return 1;
                }
                platt = at30.anchor(platt, BotScore.probabilityBelow(EvaluationReport.BOT_THRESHOLD));
                calibration += String.format(Locale.ROOT, ", then b=%.6f: below 30 at raw > %.6f, precision %.4f"
                        + " (asked %s), recall %.4f on the validation clients", platt.b(), at30.raw(), at30.precision(),
                        precisionAt30, at30.recall());
            }
            trained = trained.calibrated(platt.a(), platt.b());
        }

        Map<String, String> info = new LinkedHashMap<>();
        info.put("trainer", "bliss train (oblivious trees, Logloss, plain boosting)");
        info.put("training", String.format(Locale.ROOT,
                "features=%s iterations=%d depth=%d learning_rate=%s l2=%s border_count=%d validation=%s early_stop=%d seed=%d"
                        + " trees_kept=%d borders_kept=%d rows=%d max_gain_share=%s calibration=%s",
                features, iterations, depth, learningRate, l2, borderCount, validation, earlyStop, seed,
                trained.trees().size(), trained.borderCount(), all.rowCount(), maxGainShare, calibration)
                + (featureFraction < 1 ? " feature_fraction=" + featureFraction : "")
                + (augmentPace.isEmpty() ? "" : " augment_pace=" + String.join(",", augmentPace))
                + (augmentContradictions.isEmpty() ? "" : " augment_contradictions=" + String.join(",", augmentContradictions))
                + (augmentRefusedCookies ? " augment_refused_cookies" : "")
                + (augmentForeignTls ? " augment_foreign_tls" : ""));
        try {
            CatBoostJsonWriter.write(trained, info, model);
        } catch (IOException e) {
            System.err.println("bliss train: " + model + ": cannot write: " + e.getMessage());
            return 1;
        }
        String entry = ModelsYamlEntry.render(modelName, yamlPath(model), trained.featureNames());

        Dataset reported = held.rowCount() > 0 ? held : train;
        double[] p = new double[reported.rowCount()];
        float[] row = new float[reported.featureCount()];
        for (int i = 0; i < p.length; i++) {
            p[i] = trained.predictProbability(reported.row(i, row));
        }
        EvaluationReport report = EvaluationReport.of("bliss train: " + model + ", on "
                        + (held.rowCount() > 0 ? "the validation clients" : "the training rows (no validation split)"),
                reported, p)
                .withChartLabel(model.getFileName() + (held.rowCount() > 0 ? ", validation clients" : ", training rows"))
                .withImportance(trained.featureNames(), result.importance())
                .note(String.format(Locale.ROOT, "%d trees kept of %d grown%s, %.1f s training, %.1f s in all",
                        trained.trees().size(), result.iterationsRun(),
                        held.rowCount() > 0 ? " (up to the best validation Logloss)" : " (no validation: all kept)",
                        trainSeconds, seconds(started)))
                .note(String.format(Locale.ROOT, "training Logloss %.5f%s", result.trainLoss()[trained.trees().size() - 1],
                        result.validationLoss().length > 0
                                ? String.format(Locale.ROOT, ", validation Logloss %.5f",
                                        result.validationLoss()[trained.trees().size() - 1])
                                : ""));
        if (capped != null) {
            StringBuilder rounds = new StringBuilder();
            for (GainCap.Round round : capped.rounds()) {
                rounds.append(String.format(Locale.ROOT, " %s %.1f%%;", selected.get(round.topFeature()), 100 * round.topShare()));
            }
            report = report.note(String.format(Locale.ROOT, "gain cap %.0f%%: %s after %d training(s), largest share by round:%s",
                    100 * maxGainShare, capped.met() ? "met" : "NOT met", capped.rounds().size(), rounds));
        }
        if (calibrate) {
            report = report.note("calibrated: " + calibration + " (the scores above are the calibrated model's)");
        }
        String leaveOneOut = null;
        if (leaveOneOutLog != null) {
            try {
                Dataset test = LabelledLog.read(leaveOneOutLog, GroundTruth.read(leaveOneOutTruth), skipBad, options.threads())
                        .dataset().withFeatures(selected);
                BoostingOptions lopo = new BoostingOptions(leaveOneOutIterations, depth, learningRate, l2, borderCount, earlyStop,
                        options.threads(), featureFraction);
                double[] weights = capped != null ? capped.rounds().getLast().weights() : null;
                // a share of the training clients, whole clients as the validation split takes them
                Dataset lopoTrain = leaveOneOutSample >= 1 ? train
                        : train.rows(ValidationSplit.byClient(train, leaveOneOutSample, seed + 1).validation());
                leaveOneOut = LeaveOnePopulationOut.text(LeaveOnePopulationOut.run(lopo, weights,
                        calibrate && precisionAt30 != null ? precisionAt30 : Double.NaN, lopoTrain, held, test,
                        TrainingListener.NONE));
                leaveOneOut += String.format(Locale.ROOT, "(each model: at most %d trees, on %d training rows%s)%n",
                        leaveOneOutIterations, lopoTrain.rowCount(), leaveOneOutSample >= 1 ? "" : String.format(Locale.ROOT,
                                ", %.0f%% of the training clients", 100 * leaveOneOutSample));
            } catch (DataException | IllegalArgumentException | NullPointerException e) {
                System.err.println("bliss train: leave-one-out: " + e.getMessage());
                return 1;
            }
        }
        System.out.print(report.text());
        if (leaveOneOut != null) {
            System.out.print(leaveOneOut);
        }
        System.out.println("model written to " + model + "; its models.yaml entry (under models:):");
        System.out.print(entry);
        if (reportDir != null) {
            try {
                report.writeTo(reportDir);
                Files.writeString(reportDir.resolve("models-entry.yaml"), entry, StandardCharsets.UTF_8);
                if (leaveOneOut != null) {
                    Files.writeString(reportDir.resolve("leave-one-population-out.txt"), leaveOneOut, StandardCharsets.UTF_8);
                }
                System.out.println("report written to " + reportDir);
            } catch (IOException e) {
                System.err.println("bliss train: " + reportDir + ": cannot write the report: " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    /** The model's path as models.yaml names it: relative to config/ when it lies in a models directory. */
    private static String yamlPath(Path model) {
        Path parent = model.toAbsolutePath().getParent();
        if (parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("models")) {
            return "models/" + model.getFileName();
        }
        return model.toAbsolutePath().toString();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /** One {@code --augment-*} option: what it adds to the training rows, and how the count reads. */
    private record Augmentation(String option, UnaryOperator<Dataset> copies, String what) {
    }

    /**
     * The augmentations asked for, in the order they apply. Every one after {@code --augment-pace}
     * copies only the first {@code real} rows, so that no augmentation copies another's copies.
     */
    private List<Augmentation> augmentations(int real) {
        List<Augmentation> out = new ArrayList<>(4);
        if (!augmentPace.isEmpty()) {
            out.add(new Augmentation("--augment-pace", t -> PaceAugmentation.apply(t, stripped(augmentPace), seed),
                    "automated rows copied at a person's pace"));
        }
        if (!augmentContradictions.isEmpty()) {
            out.add(new Augmentation("--augment-contradictions",
                    t -> ContradictionAugmentation.apply(t, stripped(augmentContradictions), seed + 1, real),
                    "contradicting automated rows copied with a person's other inputs"));
        }
        if (augmentRefusedCookies) {
            out.add(new Augmentation("--augment-refused-cookies", t -> RefusedCookieAugmentation.apply(t, seed + 2, real),
                    "automated rows that refused the cookie copied with a person's other inputs"));
        }
        if (augmentForeignTls) {
            out.add(new Augmentation("--augment-foreign-tls", t -> ForeignTlsAugmentation.apply(t, seed + 3, real),
                    "automated rows on a foreign TLS stack copied with a person's claim"));
        }
        return out;
    }

    private static List<String> stripped(List<String> names) {
        return names.stream().map(String::strip).toList();
    }
}

package dev.bliss.training.report;

import dev.bliss.training.data.Dataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A model's quality on labelled requests: AUC, Logloss, precision and recall at scores 10, 30 and
 * 50, per population the share scored below 30 (and, for humans, at 30 or above), optionally the
 * proxy's final decision (requests the log says were decided by heuristics or a verified-bot match
 * get score 1, the rest the model's score), feature importance and notes. {@link #text()} is the
 * stdout report; {@link #writeTo} writes it as report.txt with score-histogram.png and roc.png.
 */
public final class EvaluationReport {

    /** The thresholds reported: "bot" means score below. */
    public static final int[] THRESHOLDS = {10, 30, 50};
    /** The threshold of the per-population shares, the one the default rules use. */
    public static final int BOT_THRESHOLD = 30;
    /** Where each class's scores lie: these percentiles of its rows' scores (nearest rank). */
    static final int[] PERCENTILES = {1, 10, 50, 90, 99};

    private final String title;
    private final Dataset data;
    private final double[] probabilities;
    private final int[] scores;
    private final boolean[] automated;
    private final double auc;
    private final double logloss;
    private boolean finalDecision;
    private List<String> importanceNames = List.of();
    private double[] importance = new double[0];
    private final List<String> notes = new ArrayList<>();
    private String chartLabel;

    private EvaluationReport(String title, Dataset data, double[] probabilities) {
        if (probabilities.length != data.rowCount()) {
            throw new IllegalArgumentException(probabilities.length + " probabilities for " + data.rowCount() + " rows");
        }
        this.title = title;
        this.chartLabel = title;
        this.data = data;
        this.probabilities = probabilities;
        this.scores = new int[probabilities.length];
        this.automated = new boolean[probabilities.length];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = BotScore.of(probabilities[i]);
            automated[i] = data.automated(i);
        }
        this.auc = Classification.auc(probabilities, automated);
        this.logloss = Classification.logloss(probabilities, automated);
    }

    /** @param probabilities per row of {@code data}, the model's probability of automation */
    public static EvaluationReport of(String title, Dataset data, double[] probabilities) {
        return new EvaluationReport(title, data, probabilities);
    }

    /** Adds the proxy's final decision, from each row's logged score source. */
    public EvaluationReport withFinalDecision() {
        this.finalDecision = true;
        return this;
    }

    /** @param shares per feature, its share of the total split gain */
    public EvaluationReport withImportance(List<String> names, double[] shares) {
        this.importanceNames = List.copyOf(names);
        this.importance = shares.clone();
        return this;
    }

    /** A short name for the pictures' titles (default: the report's title). */
    public EvaluationReport withChartLabel(String label) {
        this.chartLabel = label;
        return this;
    }

    public EvaluationReport note(String line) {
        notes.add(line);
        return this;
    }

    public double auc() {
        return auc;
    }

    public double logloss() {
        return logloss;
    }

    /** Per row, the model's bot score. */
    public int[] scores() {
        return scores.clone();
    }

    /** Per row, the proxy's final score: 1 where heuristics or a verified bot decided, else the model's. */
    public int[] finalScores() {
        int[] out = new int[scores.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = BotScore.sent(data.scoreSource(i), scores[i]);
        }
        return out;
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        out.append(title).append('\n');
        for (String n : notes) {
            out.append("  ").append(n).append('\n');
        }
        int positives = data.automatedCount();
        out.append(String.format(Locale.ROOT, "rows %d (automated %d, human %d)%n", data.rowCount(), positives,
                data.rowCount() - positives));
        out.append(String.format(Locale.ROOT, "model alone: AUC %.5f  Logloss %.5f%n", auc, logloss));
        out.append("  bot = score below   flagged   precision   recall\n");
        for (int t : THRESHOLDS) {
            Classification.AtThreshold a = Classification.atThreshold(scores, automated, t);
            out.append(String.format(Locale.ROOT, "  %-18d %8d   %9s   %6s%n", t, a.flagged(), percent(a.precision()),
                    percent(a.recall())));
        }
        int[] finals = finalScores();
        if (finalDecision) {
            out.append("final decision (heuristics and verified bots score 1, the rest the model's score):\n");
            out.append(String.format(Locale.ROOT, "  AUC of the score sent %.5f (model alone, its score: %.5f; ties half)%n",
                    Classification.scoreAuc(finals, automated), Classification.scoreAuc(scores, automated)));
            out.append("  bot = score below   flagged   precision   recall\n");
            for (int t : THRESHOLDS) {
                Classification.AtThreshold a = Classification.atThreshold(finals, automated, t);
                out.append(String.format(Locale.ROOT, "  %-18d %8d   %9s   %6s%n", t, a.flagged(),
                        percent(a.precision()), percent(a.recall())));
            }
        }
        // on the scale of odds the people spread over the upper half rather than sitting at 99, and
        // an operator choosing a stricter line than 30 wants to see where
        int[] lie = finalDecision ? finals : scores;
        out.append(String.format(Locale.ROOT, "  where the %s lie, percentiles %s: people %s; automated %s%n",
                finalDecision ? "scores sent" : "scores", join(PERCENTILES), join(percentiles(lie, automated, false)),
                join(percentiles(lie, automated, true))));
        out.append("per population (share of its requests; bots should score below ").append(BOT_THRESHOLD)
                .append(", humans ").append(BOT_THRESHOLD).append(" or above):\n");
        out.append(finalDecision
                ? "  population            rows   model <30   model >=30   final <30   final >=30\n"
                : "  population            rows   model <30   model >=30\n");
        List<String> populations = data.populationNames();
        for (int p = 0; p < populations.size(); p++) {
            long rows = 0;
            long low = 0;
            long finalLow = 0;
            for (int i = 0; i < scores.length; i++) {
                if (data.population(i) == p) {
                    rows++;
                    if (scores[i] < BOT_THRESHOLD) {
                        low++;
                    }
                    if (finals[i] < BOT_THRESHOLD) {
                        finalLow++;
                    }
                }
            }
            out.append(String.format(Locale.ROOT, "  %-18s %7d   %9s   %10s", populations.get(p), rows,
                    percent(share(low, rows)), percent(share(rows - low, rows))));
            if (finalDecision) {
                out.append(String.format(Locale.ROOT, "   %9s   %10s", percent(share(finalLow, rows)),
                        percent(share(rows - finalLow, rows))));
            }
            out.append('\n');
        }
        if (importance.length > 0) {
            out.append("feature importance (share of the total split gain):\n");
            Integer[] order = new Integer[importance.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(importance[b], importance[a]));
            for (int i : order) {
                out.append(String.format(Locale.ROOT, "  %-34s %6.2f%%%n", importanceNames.get(i), 100 * importance[i]));
            }
        }
        return out.toString();
    }

    /** Writes report.txt, score-histogram.png and roc.png into {@code dir} (created if needed). */
    public void writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("report.txt"), text(), StandardCharsets.UTF_8);
        List<String> populations = data.populationNames();
        long[][] counts = new long[populations.size()][100];
        for (int i = 0; i < scores.length; i++) {
            counts[data.population(i)][scores[i]]++;
        }
        ReportCharts.scoreHistogram(dir.resolve("score-histogram.png"), chartLabel + ": model score per population",
                populations, counts);
        ReportCharts.roc(dir.resolve("roc.png"), chartLabel + ": ROC", Classification.roc(probabilities, automated), auc);
    }

    /**
     * The scores of one class's rows at each of {@link #PERCENTILES} (nearest rank: the smallest
     * score with at least that share of the rows at or below it); empty when the class has no rows.
     */
    static int[] percentiles(int[] scores, boolean[] automated, boolean ofClass) {
        int n = 0;
        int[] of = new int[scores.length];
        for (int i = 0; i < scores.length; i++) {
            if (automated[i] == ofClass) {
                of[n++] = scores[i];
            }
        }
        if (n == 0) {
            return new int[0];
        }
        Arrays.sort(of, 0, n);
        int[] out = new int[PERCENTILES.length];
        for (int k = 0; k < out.length; k++) {
            int rank = (int) Math.ceil(PERCENTILES[k] / 100.0 * n);
            out[k] = of[Math.max(rank, 1) - 1];
        }
        return out;
    }

    private static String join(int[] values) {
        if (values.length == 0) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (int v : values) {
            sb.append(sb.isEmpty() ? "" : " ").append(v);
        }
        return sb.toString();
    }

    private static double share(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * share);
    }
}

package dev.bliss.training.report;

import java.util.Arrays;

/**
 * Ranking and threshold metrics of probabilities against labels. Pure functions over arrays.
 */
public final class Classification {

    private Classification() {
    }

    /**
     * The area under the ROC curve: the chance that a random automated row gets a higher
     * probability than a random human row, ties counting half (Mann–Whitney with average ranks).
     * NaN when one class is absent.
     */
    public static double auc(double[] p, boolean[] automated) {
        int n = p.length;
        Integer[] order = sortedIndexes(p);
        long positives = 0;
        double rankSum = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && p[order[j + 1]] == p[order[i]]) {
                j++;
            }
            double averageRank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                if (automated[order[k]]) {
                    positives++;
                    rankSum += averageRank;
                }
            }
            i = j + 1;
        }
        long negatives = n - positives;
        if (positives == 0 || negatives == 0) {
            return Double.NaN;
        }
        return (rankSum - positives * (positives + 1) / 2.0) / ((double) positives * negatives);
    }

    /**
     * The AUC of bot scores (low = automated), ties counting half: the chance that a random
     * automated row scores lower than a random human row. A score, unlike a probability, ties
     * often (1 to 99), so this is what a threshold on the score itself can separate.
     */
    public static double scoreAuc(int[] scores, boolean[] automated) {
        double[] keys = new double[scores.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = -scores[i];
        }
        return auc(keys, automated);
    }

    /** Mean Logloss of probabilities, each clipped to [1e-15, 1 − 1e-15]. */
    public static double logloss(double[] p, boolean[] automated) {
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            double q = Math.min(1 - 1e-15, Math.max(1e-15, p[i]));
            sum -= automated[i] ? Math.log(q) : Math.log(1 - q);
        }
        return sum / p.length;
    }

    /**
     * Precision and recall of "bot = score below {@code threshold}".
     *
     * @param flagged rows scored below the threshold
     * @param precision automated share of the flagged rows (NaN when none is flagged)
     * @param recall share of the automated rows that are flagged
     */
    public record AtThreshold(int threshold, int flagged, double precision, double recall) {
    }

    public static AtThreshold atThreshold(int[] scores, boolean[] automated, int threshold) {
        int flagged = 0;
        int truePositives = 0;
        int positives = 0;
        for (int i = 0; i < scores.length; i++) {
            boolean bot = scores[i] < threshold;
            if (bot) {
                flagged++;
            }
            if (automated[i]) {
                positives++;
                if (bot) {
                    truePositives++;
                }
            }
        }
        return new AtThreshold(threshold, flagged, flagged == 0 ? Double.NaN : (double) truePositives / flagged,
                positives == 0 ? Double.NaN : (double) truePositives / positives);
    }

    /**
     * The ROC curve: false-positive rate (x) and true-positive rate (y) as the probability
     * threshold falls, one point per distinct probability, from (0, 0) to (1, 1).
     */
    public static double[][] roc(double[] p, boolean[] automated) {
        Integer[] order = sortedIndexes(p);
        int n = p.length;
        long positives = 0;
        for (boolean a : automated) {
            if (a) {
                positives++;
            }
        }
        long negatives = n - positives;
        double[] fpr = new double[n + 1];
        double[] tpr = new double[n + 1];
        int points = 1;
        long tp = 0;
        long fp = 0;
        int i = n - 1;
        while (i >= 0) {
            int j = i;
            while (j - 1 >= 0 && p[order[j - 1]] == p[order[i]]) {
                j--;
            }
            for (int k = j; k <= i; k++) {
                if (automated[order[k]]) {
                    tp++;
                } else {
                    fp++;
                }
            }
            fpr[points] = negatives == 0 ? 0 : (double) fp / negatives;
            tpr[points] = positives == 0 ? 0 : (double) tp / positives;
            points++;
            i = j - 1;
        }
        return new double[][] {Arrays.copyOf(fpr, points), Arrays.copyOf(tpr, points)};
    }

    private static Integer[] sortedIndexes(double[] p) {
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b]));
        return order;
    }
}

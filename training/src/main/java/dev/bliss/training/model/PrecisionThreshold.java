package dev.bliss.training.model;

import java.util.Arrays;

/**
 * Where a score threshold should fall so that it means a stated precision: the lowest raw value
 * above which, on held-out rows, at least {@code precision} of the rows are automated.
 *
 * <p>Platt's fit alone makes the probabilities honest on the traffic it was fitted on, but a lab's
 * validation clients are nearly separable: people and bots sit in two clusters and Platt puts the
 * threshold's probability somewhere in the empty gap between them, decided by a few tails. A bot
 * of a kind the model never saw lands in that gap, ranked right (above every person) but above
 * the threshold. Anchoring the threshold at a stated precision instead puts it at the edge of the
 * people's cluster, as far towards them as that precision allows: the precision is what an
 * operator's {@code bot.score lt 30} rule was promised, and every bot in the gap is caught.
 *
 * @param raw       rows whose raw value is above this are on the automated side
 * @param precision the share of automated rows above {@code raw} on the held-out rows
 * @param recall    the share of the held-out automated rows above {@code raw}
 */
public record PrecisionThreshold(double raw, double precision, double recall) {

    /**
     * The threshold with the most automated rows above it whose precision is at least
     * {@code target}. Rows of equal raw value are never split.
     *
     * @throws IllegalArgumentException when no threshold reaches {@code target}
     */
    public static PrecisionThreshold fit(double[] raw, boolean[] labels, double target) {
        if (raw.length != labels.length || raw.length == 0) {
            throw new IllegalArgumentException("a threshold needs rows, got " + raw.length + " raw values and " + labels.length + " labels");
        }
        if (!(target > 0 && target <= 1)) {
            throw new IllegalArgumentException("precision must be in (0, 1], got " + target);
        }
        // NaN (no prediction) sorts lowest: it is never above a threshold
        Integer[] order = new Integer[raw.length];
        int positives = 0;
        for (int i = 0; i < raw.length; i++) {
            order[i] = i;
            positives += labels[i] ? 1 : 0;
        }
        if (positives == 0) {
            throw new IllegalArgumentException("no automated rows to set a threshold on");
        }
        double[] key = new double[raw.length];
        for (int i = 0; i < raw.length; i++) {
            key[i] = Double.isNaN(raw[i]) ? Double.NEGATIVE_INFINITY : raw[i];
        }
        Arrays.sort(order, (x, y) -> Double.compare(key[y], key[x]));
        int best = -1; // the index of the last row above the best threshold
        int bestBots = 0;
        int bots = 0;
        for (int k = 0; k < order.length; k++) {
            bots += labels[order[k]] ? 1 : 0;
            boolean groupEnds = k + 1 == order.length || key[order[k + 1]] < key[order[k]];
            if (groupEnds && bots >= target * (k + 1)) {
                best = k;
                bestBots = bots;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "no threshold reaches a precision of %.4f on these rows", target));
        }
        double above = key[order[best]];
        double threshold = best + 1 == order.length ? Math.nextDown(above)
                : midpoint(key[order[best + 1]], above);
        return new PrecisionThreshold(threshold, bestBots / (double) (best + 1), bestBots / (double) positives);
    }

    /**
     * A calibration with {@code platt}'s slope whose probability at this threshold is
     * {@code probability}: every row above the threshold gets more, every row below less.
     */
    public PlattCalibration anchor(PlattCalibration platt, double probability) {
        double logit = Math.log(probability / (1 - probability));
        return new PlattCalibration(platt.a(), logit - platt.a() * raw);
    }

    private static double midpoint(double below, double above) {
        if (below == Double.NEGATIVE_INFINITY) {
            return Math.nextDown(above);
        }
        double mid = below + (above - below) / 2;
        return mid > below && mid < above ? mid : below; // neighbours: the lower one is still below "above"
    }
}

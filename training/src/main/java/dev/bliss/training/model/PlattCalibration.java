package dev.bliss.training.model;

/**
 * A Platt calibration, {@code p = 1 / (1 + e^-(a·raw + b))}, fitted by Newton's method on
 * held-out rows (never the rows the trees were grown on, whose raw values are overconfident).
 * Boosting's probabilities are sharp where the training data are easy and say little where
 * they are not; refitting the two numbers on other clients makes a probability of 0.7 mean
 * about 70 % automated on such traffic, so that the plugin's fixed scale
 * ({@code dev.bliss.plugin.ScoreMapping}) puts the documented threshold, 30 (p above 69.5/98,
 * about 0.709), where it says.
 *
 * @param a the factor on the raw value
 * @param b the shift
 */
public record PlattCalibration(double a, double b) {

    /** Fits (a, b) minimising the Logloss of {@code labels} (true = automated) on {@code raw}. */
    public static PlattCalibration fit(double[] raw, boolean[] labels) {
        if (raw.length != labels.length || raw.length == 0) {
            throw new IllegalArgumentException("calibration needs rows, got " + raw.length + " raw values and " + labels.length + " labels");
        }
        // Platt's targets: (N+ + 1)/(N+ + 2) and 1/(N- + 2) instead of 1 and 0, so a perfectly
        // separated validation set does not drive a to infinity
        int positives = 0;
        for (boolean l : labels) {
            positives += l ? 1 : 0;
        }
        double hi = (positives + 1.0) / (positives + 2.0);
        double lo = 1.0 / (raw.length - positives + 2.0);
        // a boosted model can be saturated far beyond what a probability distinguishes; beyond ±40
        // (p within 4e-18 of 0 or 1) the raw value says nothing more, and would only overflow the fit
        raw = raw.clone();
        for (int i = 0; i < raw.length; i++) {
            raw[i] = Double.isNaN(raw[i]) ? 0 : Math.clamp(raw[i], -40, 40);
        }
        double a = 1;
        double b = 0;
        double loss = loss(raw, labels, hi, lo, a, b);
        for (int it = 0; it < 100; it++) {
            double ga = 0;
            double gb = 0;
            double haa = 1e-12;
            double hab = 0;
            double hbb = 1e-12;
            for (int i = 0; i < raw.length; i++) {
                double p = ObliviousTreeModel.sigmoid(a * raw[i] + b);
                double t = labels[i] ? hi : lo;
                double d = p - t;
                double w = p * (1 - p);
                ga += d * raw[i];
                gb += d;
                haa += w * raw[i] * raw[i];
                hab += w * raw[i];
                hbb += w;
            }
            // Levenberg-Marquardt: Newton's step with a damping that grows until the loss falls
            // (rows the model saturates make the Hessian nearly singular, so a bare step can fly off)
            double damping = 1e-12 * raw.length;
            double next = Double.POSITIVE_INFINITY;
            double da = 0;
            double db = 0;
            for (int tries = 0; tries < 40 && !(next < loss); tries++, damping = Math.max(damping * 10, 1e-12)) {
                double daa = haa + damping;
                double dbb = hbb + damping;
                double det = daa * dbb - hab * hab;
                da = (dbb * ga - hab * gb) / det;
                db = (daa * gb - hab * ga) / det;
                next = loss(raw, labels, hi, lo, a - da, b - db);
            }
            if (!(next < loss)) {
                break;
            }
            a -= da;
            b -= db;
            boolean converged = loss - next < 1e-12 * Math.max(1, loss);
            loss = next;
            if (converged) {
                break;
            }
        }
        if (!(a > 0) || !Double.isFinite(b)) {
            throw new IllegalStateException("calibration failed (a = " + a + ", b = " + b + "): the model does not rank the held-out rows");
        }
        return new PlattCalibration(a, b);
    }

    /** The cross-entropy of the targets under {@code sigmoid(a·raw + b)}, computed stably. */
    private static double loss(double[] raw, boolean[] labels, double hi, double lo, double a, double b) {
        double sum = 0;
        for (int i = 0; i < raw.length; i++) {
            double z = a * raw[i] + b;
            double t = labels[i] ? hi : lo;
            // log(1 + e^z) - t·z, without overflow
            double softplus = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
            sum += softplus - t * z;
        }
        return sum;
    }
}

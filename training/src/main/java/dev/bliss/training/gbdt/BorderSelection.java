package dev.bliss.training.gbdt;

import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.NanTreatment;
import java.util.Arrays;

/**
 * Chooses a feature's borders from its training values: at most {@code maxBorders}, strictly
 * ascending floats, each halfway between two neighbouring distinct values so that a value equal to
 * a training value never sits on a border. With fewer distinct values than the budget every gap
 * gets a border; otherwise the borders follow quantiles of the values (equal counts between
 * borders), and quantiles that fall inside one run of equal values collapse into one border.
 *
 * <p>Missing values (NaN) follow CatBoost's default {@code nan_mode=Min}: when the training values
 * contain NaN, the lowest float is the first border (one of the budget), the feature is written
 * {@code has_nans: true, AsFalse}, and NaN counts as below every border, so the first split can
 * separate "missing" from every real value.
 */
public final class BorderSelection {

    private BorderSelection() {
    }

    public static FloatFeature select(String name, float[] values, int maxBorders) {
        if (maxBorders < 1) {
            throw new IllegalArgumentException("maxBorders must be at least 1");
        }
        float[] sorted = new float[values.length];
        int n = 0;
        boolean nan = false;
        for (float v : values) {
            if (Float.isNaN(v)) {
                nan = true;
            } else {
                sorted[n++] = v + 0.0f; // -0.0 and 0.0 are one value to a border
            }
        }
        sorted = Arrays.copyOf(sorted, n);
        Arrays.sort(sorted);
        int budget = nan ? maxBorders - 1 : maxBorders;
        float[] distinct = distinct(sorted);
        float[] borders = new float[Math.max(0, Math.min(budget, distinct.length - 1)) + (nan ? 1 : 0)];
        int count = 0;
        if (nan) {
            borders[count++] = -Float.MAX_VALUE;
        }
        if (distinct.length - 1 <= budget) {
            for (int i = 0; i + 1 < distinct.length; i++) {
                count = append(borders, count, between(distinct[i], distinct[i + 1]));
            }
        } else {
            for (int j = 1; j <= budget; j++) {
                // The largest value of the lower j/(budget+1) share of the values.
                int rank = (int) ((long) j * n / (budget + 1));
                float below = sorted[Math.max(0, rank - 1)];
                int at = Arrays.binarySearch(distinct, below);
                if (at + 1 < distinct.length) {
                    count = append(borders, count, between(distinct[at], distinct[at + 1]));
                }
            }
        }
        return new FloatFeature(name, Arrays.copyOf(borders, count), nan, nan ? NanTreatment.AsFalse : NanTreatment.AsIs);
    }

    /** Appends {@code b} unless it does not exceed the last border (quantiles within one run). */
    private static int append(float[] borders, int count, float b) {
        if (count > 0 && !(b > borders[count - 1])) {
            return count;
        }
        borders[count] = b;
        return count + 1;
    }

    /** A float {@code m} with {@code a <= m < b}: {@code a} goes below it, {@code b} above. */
    static float between(float a, float b) {
        float m = (float) (((double) a + (double) b) / 2);
        return m >= a && m < b ? m : a;
    }

    private static float[] distinct(float[] sorted) {
        float[] out = new float[sorted.length];
        int n = 0;
        for (float v : sorted) {
            if (n == 0 || v != out[n - 1]) {
                out[n++] = v;
            }
        }
        return Arrays.copyOf(out, n);
    }
}

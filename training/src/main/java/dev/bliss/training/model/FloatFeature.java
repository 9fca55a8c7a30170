package dev.bliss.training.model;

import java.util.Objects;

/**
 * One float feature of a model.
 *
 * @param name the name in the model input (the schema's name)
 * @param borders strictly ascending as floats; a split on border k tests {@code x > borders[k]}
 * @param hasNans whether training saw NaN for it
 * @param nanTreatment where NaN goes, with {@code hasNans}
 */
public record FloatFeature(String name, float[] borders, boolean hasNans, NanTreatment nanTreatment) {

    public FloatFeature {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nanTreatment, "nanTreatment");
        for (int i = 0; i < borders.length; i++) {
            if (!Float.isFinite(borders[i])) {
                throw new IllegalArgumentException(name + ": border " + i + " is not finite");
            }
            if (i > 0 && !(borders[i] > borders[i - 1])) {
                throw new IllegalArgumentException(name + ": borders are not strictly ascending at " + i);
            }
        }
    }

    /** Whether {@code x} goes to the {@code x > border} side of a split on border {@code k}. */
    public boolean above(float x, int k) {
        if (Float.isNaN(x)) {
            return hasNans && nanTreatment == NanTreatment.AsTrue;
        }
        return x > borders[k];
    }

    /**
     * The number of borders {@code x} is above (0..borders.length): a split on border k is true
     * exactly when this is greater than k. NaN counts as below every border unless
     * {@link #above} says otherwise.
     */
    public int bin(float x) {
        if (Float.isNaN(x)) {
            return hasNans && nanTreatment == NanTreatment.AsTrue ? borders.length : 0;
        }
        int lo = 0;
        int hi = borders.length;
        // First border not below x: the number of borders b with x > b.
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (x > borders[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}

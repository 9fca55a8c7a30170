package dev.bliss.training.gbdt;

/**
 * The trainer's settings, with CatBoost's names in mind.
 *
 * @param iterations the most trees to grow (CatBoost {@code iterations})
 * @param depth levels per tree, 1..10 (CatBoost {@code depth}, default 6)
 * @param learningRate the factor on every leaf's Newton step
 * @param l2 the L2 regularisation added to each leaf's hessian sum (CatBoost {@code l2_leaf_reg}, default 3)
 * @param borderCount the most borders per feature, 1..254, a NaN border included (CatBoost {@code border_count})
 * @param earlyStopRounds stop when the validation loss has not improved for this many trees; 0 = never.
 *     The model keeps the trees up to the best validation loss (CatBoost {@code use_best_model})
 * @param threads threads that build histograms (features are shared out; the result does not
 *     depend on the count)
 * @param featureFraction the share of the features each tree may split on, drawn per tree (CatBoost
 *     {@code rsm}, the random subspace method); 1 = all. Below 1, no tree can lean on one feature's
 *     strongest splits alone: the trees without it learn the same tell from the others, so a
 *     client who hides one tell is still scored by the rest
 */
public record BoostingOptions(int iterations, int depth, double learningRate, double l2, int borderCount,
        int earlyStopRounds, int threads, double featureFraction) {

    /** Every feature for every tree. */
    public BoostingOptions(int iterations, int depth, double learningRate, double l2, int borderCount,
                           int earlyStopRounds, int threads) {
        this(iterations, depth, learningRate, l2, borderCount, earlyStopRounds, threads, 1);
    }

    /** Deeper trees need 2^depth × 255 histogram cells per feature; CatBoost's own default is 6. */
    public static final int MAX_DEPTH = 10;

    public BoostingOptions {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be 1.." + MAX_DEPTH + ", got " + depth);
        }
        if (!(learningRate > 0) || learningRate > 1) {
            throw new IllegalArgumentException("learning rate must be in (0, 1], got " + learningRate);
        }
        if (!(l2 >= 0) || Double.isInfinite(l2)) {
            throw new IllegalArgumentException("l2 must be 0 or more, got " + l2);
        }
        if (borderCount < 1 || borderCount > 254) {
            throw new IllegalArgumentException("border count must be 1..254, got " + borderCount);
        }
        if (earlyStopRounds < 0) {
            throw new IllegalArgumentException("early stop rounds must be 0 or more, got " + earlyStopRounds);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (!(featureFraction > 0) || featureFraction > 1) {
            throw new IllegalArgumentException("feature fraction must be in (0, 1], got " + featureFraction);
        }
    }
}

package dev.bliss.training.model;

import java.util.List;

/**
 * A binary classifier of oblivious trees: {@code raw = scale × Σ tree leaves + bias}, and the
 * probability of class 1 (automated) is {@code 1 / (1 + e^-raw)}, CatBoost's Logloss convention.
 * Immutable and thread-safe.
 */
public final class ObliviousTreeModel {

    private final List<FloatFeature> features;
    private final FloatFeature[] featureArray;
    private final List<ObliviousTree> trees;
    private final double scale;
    private final double bias;

    /**
     * @param features in model order: input position i of {@link #predictRaw} is feature i
     */
    public ObliviousTreeModel(List<FloatFeature> features, List<ObliviousTree> trees, double scale, double bias) {
        this.features = List.copyOf(features);
        this.featureArray = this.features.toArray(new FloatFeature[0]);
        this.trees = List.copyOf(trees);
        this.scale = scale;
        this.bias = bias;
        for (ObliviousTree t : this.trees) {
            for (int d = 0; d < t.depth(); d++) {
                int f = t.features()[d];
                if (f < 0 || f >= featureArray.length) {
                    throw new IllegalArgumentException("a split on feature " + f + " of " + featureArray.length);
                }
                int b = t.borders()[d];
                if (b < 0 || b >= featureArray[f].borders().length) {
                    throw new IllegalArgumentException("a split on border " + b + " of feature " + f);
                }
            }
        }
    }

    public List<FloatFeature> features() {
        return features;
    }

    public List<ObliviousTree> trees() {
        return trees;
    }

    public double scale() {
        return scale;
    }

    public double bias() {
        return bias;
    }

    public List<String> featureNames() {
        return features.stream().map(FloatFeature::name).toList();
    }

    /** The raw value (log-odds) for {@code row}, indexed in model feature order. */
    public double predictRaw(float[] row) {
        double sum = 0;
        for (ObliviousTree t : trees) {
            sum += t.leafValues()[t.leaf(row, featureArray)];
        }
        return scale * sum + bias;
    }

    /** The probability of class 1 (automated). */
    public double predictProbability(float[] row) {
        return sigmoid(predictRaw(row));
    }

    /** CatBoost's Logloss probability of a raw value. */
    public static double sigmoid(double raw) {
        return 1.0 / (1.0 + StrictMath.exp(-raw));
    }
}

package dev.bliss.training.model;

import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * The same trees with raw values mapped by {@code a·raw + b} (a Platt calibration): every leaf
     * multiplied by {@code a} and the bias moved, so the file keeps a scale of 1, as the JNI's
     * check expects, and predicts {@code a·raw + b} exactly up to rounding.
     */
    public ObliviousTreeModel calibrated(double a, double b) {
        List<ObliviousTree> scaled = new java.util.ArrayList<>(trees.size());
        for (ObliviousTree t : trees) {
            double[] leaves = t.leafValues().clone();
            for (int i = 0; i < leaves.length; i++) {
                leaves[i] *= a * scale;
            }
            scaled.add(new ObliviousTree(t.features(), t.borders(), leaves));
        }
        return new ObliviousTreeModel(features, scaled, 1.0, a * bias + b);
    }

    public List<String> featureNames() {
        return features.stream().map(FloatFeature::name).toList();
    }

    /**
     * The same model with only the borders some split tests: equal predictions for every row.
     *
     * <p>Quantization offers each feature up to {@code --border-count} borders, but a model of a few
     * hundred depth-6 trees tests a small share of them. The borders still cost at scoring time:
     * CatBoost's evaluator compares a row's value with every border of its feature before it walks
     * a tree, so the JNI predict grows with the borders the file lists, used or not.
     */
    public ObliviousTreeModel withUsedBordersOnly() {
        int n = featureArray.length;
        boolean[][] used = new boolean[n][];
        for (int f = 0; f < n; f++) {
            used[f] = new boolean[featureArray[f].borders().length];
        }
        for (ObliviousTree t : trees) {
            for (int d = 0; d < t.depth(); d++) {
                used[t.features()[d]][t.borders()[d]] = true;
            }
        }
        // renumber[f][old border] = its index among feature f's kept borders
        int[][] renumber = new int[n][];
        List<FloatFeature> kept = new ArrayList<>(n);
        for (int f = 0; f < n; f++) {
            FloatFeature feature = featureArray[f];
            renumber[f] = new int[used[f].length];
            float[] borders = new float[used[f].length];
            int count = 0;
            for (int k = 0; k < used[f].length; k++) {
                if (used[f][k]) {
                    renumber[f][k] = count;
                    borders[count++] = feature.borders()[k];
                }
            }
            kept.add(new FloatFeature(feature.name(), Arrays.copyOf(borders, count), feature.hasNans(), feature.nanTreatment()));
        }
        List<ObliviousTree> renumbered = new ArrayList<>(trees.size());
        for (ObliviousTree t : trees) {
            int[] borders = new int[t.depth()];
            for (int d = 0; d < t.depth(); d++) {
                borders[d] = renumber[t.features()[d]][t.borders()[d]];
            }
            renumbered.add(new ObliviousTree(t.features().clone(), borders, t.leafValues().clone()));
        }
        return new ObliviousTreeModel(kept, renumbered, scale, bias);
    }

    /** The number of borders over all features. */
    public int borderCount() {
        int count = 0;
        for (FloatFeature f : featureArray) {
            count += f.borders().length;
        }
        return count;
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

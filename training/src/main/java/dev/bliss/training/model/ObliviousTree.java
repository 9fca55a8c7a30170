package dev.bliss.training.model;

/**
 * A symmetric tree: split d (feature {@code features[d]}, border {@code borders[d]} of it) sets
 * bit d of the leaf index, so the first split is the lowest bit, as in CatBoost.
 *
 * @param features per depth, the feature index
 * @param borders per depth, the border index within that feature's borders
 * @param leafValues 2^depth values, already multiplied by the learning rate
 */
public record ObliviousTree(int[] features, int[] borders, double[] leafValues) {

    public ObliviousTree {
        if (features.length != borders.length) {
            throw new IllegalArgumentException("features and borders differ in depth");
        }
        if (leafValues.length != 1 << features.length) {
            throw new IllegalArgumentException(leafValues.length + " leaf values for depth " + features.length);
        }
    }

    public int depth() {
        return features.length;
    }

    /** The leaf {@code row} falls into. */
    public int leaf(float[] row, FloatFeature[] model) {
        int leaf = 0;
        for (int d = 0; d < features.length; d++) {
            if (model[features[d]].above(row[features[d]], borders[d])) {
                leaf |= 1 << d;
            }
        }
        return leaf;
    }
}

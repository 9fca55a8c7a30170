package dev.bliss.training.gbdt;

import dev.bliss.training.data.Dataset;
import dev.bliss.training.model.FloatFeature;
import java.util.List;

/**
 * A data set's features as bin numbers: per feature and row, how many of the feature's borders
 * the value is above (0..254, one unsigned byte). A split on border k sends a row right exactly
 * when its bin is above k, so the trainer never compares floats after this.
 */
final class QuantizedColumns {

    final byte[][] bins;
    final int rows;

    private QuantizedColumns(byte[][] bins, int rows) {
        this.bins = bins;
        this.rows = rows;
    }

    static QuantizedColumns of(Dataset data, List<FloatFeature> features) {
        byte[][] bins = new byte[features.size()][data.rowCount()];
        for (int f = 0; f < bins.length; f++) {
            FloatFeature feature = features.get(f);
            float[] column = data.column(f);
            byte[] out = bins[f];
            for (int r = 0; r < out.length; r++) {
                out[r] = (byte) feature.bin(column[r]);
            }
        }
        return new QuantizedColumns(bins, data.rowCount());
    }
}

package dev.bliss.training.gbdt;

import dev.bliss.training.model.ObliviousTreeModel;

/**
 * What training produced.
 *
 * @param model the trees kept (up to the best validation loss when early stopping)
 * @param trainLoss per grown tree, mean Logloss on the training rows
 * @param validationLoss per grown tree, on the validation rows (empty without validation)
 * @param iterationsRun trees grown, including those discarded after the best
 * @param featureGain per model feature, the loss reduction its splits bought in the kept trees
 *     (the sum of Newton gains), the basis of feature importance
 */
public record TrainingResult(ObliviousTreeModel model, double[] trainLoss, double[] validationLoss, int iterationsRun,
        double[] featureGain) {

    /** Each feature's share of the total gain (sums to 1 unless no split gained anything). */
    public double[] importance() {
        double total = 0;
        for (double g : featureGain) {
            total += g;
        }
        double[] out = new double[featureGain.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = total > 0 ? featureGain[i] / total : 0;
        }
        return out;
    }
}

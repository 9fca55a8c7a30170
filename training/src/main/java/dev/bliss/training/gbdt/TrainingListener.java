package dev.bliss.training.gbdt;

/** Told after every tree; called on the training thread, so it must be quick. */
@FunctionalInterface
public interface TrainingListener {

    /**
     * @param iteration trees grown so far (1-based)
     * @param maxIterations the configured most
     * @param trainLoss mean Logloss on the training rows
     * @param validationLoss mean Logloss on the validation rows, NaN without a validation set
     * @param bestIteration the tree count with the lowest validation loss so far (or {@code iteration})
     */
    void onIteration(int iteration, int maxIterations, double trainLoss, double validationLoss, int bestIteration);

    TrainingListener NONE = (i, max, t, v, b) -> { };
}

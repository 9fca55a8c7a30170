package dev.bliss.training.gbdt;

import dev.bliss.training.data.Dataset;
import java.util.ArrayList;
import java.util.List;

/**
 * Training that cannot lean on one input: no feature may carry more than {@code maxShare} of the
 * model's total gain. Trains, and while the largest share is above the cap, lowers the weight
 * in split selection ({@link ObliviousBoosting#withFeatureWeights}) of every feature above it
 * by the factor it is over, squared, and trains again, at most {@code maxRounds} times. Weights only
 * ever fall, so a feature that was over once stays discounted; the result says whether the
 * cap was met.
 *
 * <p>Why a weight and not a hard limit: boosting takes most of its gain in the first splits, so
 * forbidding a feature after it reached the cap would come too late; a weight lets the other
 * features win the splits where they are nearly as good, which is what spreads the gain, and
 * keeps the feature where nothing else comes close.
 */
public final class GainCap {

    /** One training round: the weights it used, and the top feature's share it got. */
    public record Round(double[] weights, int topFeature, double topShare) {
    }

    /** The last round's training, every round, and whether the cap held. */
    public record Result(TrainingResult training, List<Round> rounds, boolean met) {
    }

    private GainCap() {
    }

    public static Result train(BoostingOptions options, TrainingListener listener, Dataset train, Dataset validation,
                               double maxShare, int maxRounds) {
        if (!(maxShare > 0) || maxShare > 1) {
            throw new IllegalArgumentException("the gain cap must be in (0, 1], got " + maxShare);
        }
        double[] weights = new double[train.featureCount()];
        java.util.Arrays.fill(weights, 1);
        List<Round> rounds = new ArrayList<>();
        TrainingResult result = null;
        for (int r = 0; r < Math.max(1, maxRounds); r++) {
            result = new ObliviousBoosting(options, listener).withFeatureWeights(weights).train(train, validation);
            double[] share = result.importance();
            int top = 0;
            for (int f = 1; f < share.length; f++) {
                if (share[f] > share[top]) {
                    top = f;
                }
            }
            rounds.add(new Round(weights.clone(), top, share[top]));
            if (share[top] <= maxShare) {
                return new Result(result, rounds, true);
            }
            for (int f = 0; f < share.length; f++) {
                if (share[f] > maxShare) {
                    double over = maxShare / share[f];
                    weights[f] *= over * over;
                }
            }
        }
        return new Result(result, rounds, false);
    }
}

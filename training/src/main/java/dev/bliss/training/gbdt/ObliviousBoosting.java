package dev.bliss.training.gbdt;

import dev.bliss.training.data.Dataset;
import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.ObliviousTree;
import dev.bliss.training.model.ObliviousTreeModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Gradient boosting of oblivious trees for Logloss.
 *
 * <p>Each iteration: gradients {@code g = y − p} and hessians {@code h = p(1 − p)} at the current
 * raw values; then, level by level, every row's leaf so far, and per feature a histogram of
 * (Σg, Σh) per (leaf, bin). Below the first level only the rows on the smaller side of the last
 * split are summed; the other side's histogram is the parent's minus theirs. A candidate split "bin > k" is scored by the Newton gain summed over
 * the level's leaves, {@code Σ_leaves G_L²/(H_L + λ) + G_R²/(H_R + λ)}, and the best one becomes
 * the level's split for every leaf (the oblivious tree). Leaves take one Newton step
 * {@code η · G/(H + λ)}. The start value is the training set's log-odds, written as the model's
 * bias (CatBoost's {@code boost_from_average}).
 *
 * <p>With a feature fraction below 1 each tree may split only on its own random subset of the
 * features (fixed for the whole tree, so the histogram subtraction still has every parent it needs).
 *
 * <p>Deterministic: histograms are summed row by row in row order, one feature per task, and ties
 * between splits go to the lower feature, then the lower border; a tree's feature subset is a
 * function of its index alone; the thread count changes nothing. {@link StrictMath} keeps the sigmoid identical on every JVM.
 */
public final class ObliviousBoosting {

    private final BoostingOptions options;
    private final TrainingListener listener;
    /** Per feature, the factor on its splits' gain when splits compete (null: all 1); see {@link GainCap}. */
    private double[] featureWeights;

    public ObliviousBoosting(BoostingOptions options, TrainingListener listener) {
        this.options = options;
        this.listener = listener;
    }

    /** One level's best split for one feature; score is the level's total Newton score with it. */
    private record Candidate(int feature, int border, double score) {
    }

    /**
     * Trains on {@code train}; {@code validation} (may be null or empty) drives early stopping.
     *
     * @throws IllegalArgumentException when the training rows hold only one class
     */
    /**
     * Weighs each feature's candidate splits by {@code weights[f]} when the best split of a level
     * is chosen: a weight below 1 makes a feature win only where it is that much better. The
     * gains reported are the splits' real gains, unweighted.
     */
    public ObliviousBoosting withFeatureWeights(double[] weights) {
        this.featureWeights = weights.clone();
        return this;
    }

    public TrainingResult train(Dataset train, Dataset validation) {
        int featureCount = train.featureCount();
        List<FloatFeature> features = new ArrayList<>(featureCount);
        for (int f = 0; f < featureCount; f++) {
            features.add(BorderSelection.select(train.featureNames().get(f), train.column(f), options.borderCount()));
        }
        boolean validating = validation != null && validation.rowCount() > 0;
        QuantizedColumns trainBins = QuantizedColumns.of(train, features);
        QuantizedColumns validationBins = validating ? QuantizedColumns.of(validation, features) : null;

        int n = train.rowCount();
        double[] y = labels(train);
        int positives = train.automatedCount();
        if (positives == 0 || positives == n) {
            throw new IllegalArgumentException("the training rows are all " + (positives == 0 ? "human" : "automated")
                    + ": a classifier needs both classes");
        }
        double bias = StrictMath.log((double) positives / (n - positives));
        double[] approx = new double[n];
        Arrays.fill(approx, bias);
        double[] yValidation = validating ? labels(validation) : new double[0];
        double[] approxValidation = new double[yValidation.length];
        Arrays.fill(approxValidation, bias);

        if (featureWeights != null && featureWeights.length != features.size()) {
            throw new IllegalArgumentException(featureWeights.length + " feature weights for " + features.size() + " features");
        }
        Level level = new Level(trainBins, features, options, featureWeights);
        List<ObliviousTree> trees = new ArrayList<>();
        List<double[]> treeGains = new ArrayList<>();
        double[] trainLoss = new double[options.iterations()];
        double[] validationLoss = new double[validating ? options.iterations() : 0];
        double bestLoss = Double.POSITIVE_INFINITY;
        int best = 0;
        int grown = 0;
        ExecutorService pool = options.threads() > 1 ? Executors.newFixedThreadPool(options.threads(), r -> {
            Thread t = new Thread(r, "bliss-train-histograms");
            t.setDaemon(true);
            return t;
        }) : null;
        try {
            for (int it = 0; it < options.iterations(); it++) {
                level.gradients(approx, y);
                level.chooseFeatures(it);
                double[] gains = new double[options.depth()];
                ObliviousTree tree = level.growTree(pool, gains);
                trees.add(tree);
                treeGains.add(gains);
                int[] leaves = level.leaves;
                for (int i = 0; i < n; i++) {
                    approx[i] += tree.leafValues()[leaves[i]];
                }
                trainLoss[it] = meanLogloss(approx, y);
                grown = it + 1;
                if (validating) {
                    addTree(tree, validationBins, approxValidation);
                    validationLoss[it] = meanLogloss(approxValidation, yValidation);
                    if (validationLoss[it] < bestLoss) {
                        bestLoss = validationLoss[it];
                        best = grown;
                    }
                } else {
                    best = grown;
                }
                listener.onIteration(grown, options.iterations(), trainLoss[it],
                        validating ? validationLoss[it] : Double.NaN, best);
                if (validating && options.earlyStopRounds() > 0 && grown - best >= options.earlyStopRounds()) {
                    break;
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        List<ObliviousTree> kept = trees.subList(0, best);
        double[] featureGain = new double[featureCount];
        for (int t = 0; t < best; t++) {
            ObliviousTree tree = kept.get(t);
            for (int d = 0; d < tree.depth(); d++) {
                featureGain[tree.features()[d]] += treeGains.get(t)[d];
            }
        }
        ObliviousTreeModel model = new ObliviousTreeModel(features, kept, 1.0, bias);
        return new TrainingResult(model, Arrays.copyOf(trainLoss, grown),
                Arrays.copyOf(validationLoss, validating ? grown : 0), grown, featureGain);
    }

    private static void addTree(ObliviousTree tree, QuantizedColumns bins, double[] approx) {
        int[] leaf = new int[bins.rows];
        for (int d = 0; d < tree.depth(); d++) {
            byte[] b = bins.bins[tree.features()[d]];
            int k = tree.borders()[d];
            int bit = 1 << d;
            for (int i = 0; i < leaf.length; i++) {
                if ((b[i] & 0xFF) > k) {
                    leaf[i] |= bit;
                }
            }
        }
        double[] values = tree.leafValues();
        for (int i = 0; i < leaf.length; i++) {
            approx[i] += values[leaf[i]];
        }
    }

    private static double[] labels(Dataset data) {
        double[] y = new double[data.rowCount()];
        for (int i = 0; i < y.length; i++) {
            y[i] = data.automated(i) ? 1.0 : 0.0;
        }
        return y;
    }

    /** Mean Logloss of raw values {@code a}: softplus(−a) for class 1, softplus(a) for class 0. */
    static double meanLogloss(double[] a, double[] y) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double z = y[i] > 0.5 ? -a[i] : a[i];
            sum += Math.max(z, 0) + StrictMath.log1p(StrictMath.exp(-Math.abs(z)));
        }
        return a.length == 0 ? Double.NaN : sum / a.length;
    }

    /** The per-iteration working state: gradients, each row's leaf, per-feature histograms. */
    private static final class Level {

        private final QuantizedColumns bins;
        private final int featureCount;
        private final int[] binCount;
        private final double[][] histograms;
        private final double[][] scores;
        private final double[] g;
        private final double[] h;
        final int[] leaves;
        private final BoostingOptions options;
        /**
         * The rows on the smaller side of the last split, ascending: below the first level each
         * histogram is built from these alone and the other side is the parent minus them.
         */
        private final int[] sideRows;
        private int sideCount;
        private boolean sideIsAbove;

        private final double[] weights;
        /** The features the current tree may split on. */
        private final boolean[] inTree;
        private final int[] shuffled;

        Level(QuantizedColumns bins, List<FloatFeature> features, BoostingOptions options, double[] weights) {
            this.weights = weights;
            this.bins = bins;
            this.options = options;
            this.featureCount = features.size();
            this.binCount = new int[featureCount];
            this.histograms = new double[featureCount][];
            this.scores = new double[featureCount][];
            int maxLeaves = 1 << (options.depth() - 1);
            for (int f = 0; f < featureCount; f++) {
                binCount[f] = features.get(f).borders().length + 1;
                histograms[f] = new double[maxLeaves * binCount[f] * 2];
                scores[f] = new double[binCount[f] - 1];
            }
            this.g = new double[bins.rows];
            this.h = new double[bins.rows];
            this.leaves = new int[bins.rows];
            this.sideRows = new int[bins.rows];
            this.inTree = new boolean[featureCount];
            this.shuffled = new int[featureCount];
        }

        /** Draws tree {@code tree}'s features: a partial Fisher-Yates shuffle seeded by the tree's index. */
        void chooseFeatures(int tree) {
            int k = (int) Math.max(1, Math.round(options.featureFraction() * featureCount));
            if (k >= featureCount) {
                Arrays.fill(inTree, true);
                return;
            }
            SplittableRandom random = new SplittableRandom(0x6A09E667F3BCC909L + tree * 0x9E3779B97F4A7C15L);
            for (int f = 0; f < featureCount; f++) {
                shuffled[f] = f;
            }
            Arrays.fill(inTree, false);
            for (int j = 0; j < k; j++) {
                int pick = j + random.nextInt(featureCount - j);
                int f = shuffled[pick];
                shuffled[pick] = shuffled[j];
                shuffled[j] = f;
                inTree[f] = true;
            }
        }

        void gradients(double[] approx, double[] y) {
            for (int i = 0; i < g.length; i++) {
                double p = ObliviousTreeModel.sigmoid(approx[i]);
                g[i] = y[i] - p;
                h[i] = p * (1 - p);
            }
        }

        /** Grows one tree over the current gradients; {@link #leaves} ends as each row's leaf. */
        ObliviousTree growTree(ExecutorService pool, double[] gains) {
            Arrays.fill(leaves, 0);
            int depth = options.depth();
            int[] splitFeature = new int[depth];
            int[] splitBorder = new int[depth];
            int grown = 0;
            for (int d = 0; d < depth; d++) {
                int leafCount = 1 << d;
                double before = levelScore(leafCount);
                Candidate best = bestSplit(pool, leafCount, splitFeature, splitBorder, d, before);
                if (best == null) {
                    break;  // every feature is constant on the training rows
                }
                gains[d] = best.score - before;
                byte[] b = bins.bins[best.feature];
                int k = best.border;
                int bit = 1 << d;
                int above = 0;
                for (int i = 0; i < leaves.length; i++) {
                    if ((b[i] & 0xFF) > k) {
                        leaves[i] |= bit;
                        above++;
                    }
                }
                rememberSmallerSide(bit, above);
                splitFeature[d] = best.feature;
                splitBorder[d] = best.border;
                grown = d + 1;
            }
            int leafCount = 1 << grown;
            double[] sumG = new double[leafCount];
            double[] sumH = new double[leafCount];
            for (int i = 0; i < leaves.length; i++) {
                sumG[leaves[i]] += g[i];
                sumH[leaves[i]] += h[i];
            }
            double[] values = new double[leafCount];
            for (int l = 0; l < leafCount; l++) {
                double denominator = sumH[l] + options.l2();
                values[l] = denominator > 0 ? options.learningRate() * sumG[l] / denominator : 0;
            }
            return new ObliviousTree(Arrays.copyOf(splitFeature, grown), Arrays.copyOf(splitBorder, grown), values);
        }

        /** Lists the rows on the smaller side of the split that set {@code bit}. */
        private void rememberSmallerSide(int bit, int above) {
            sideIsAbove = above <= leaves.length - above;
            int n = 0;
            for (int i = 0; i < leaves.length; i++) {
                if (((leaves[i] & bit) != 0) == sideIsAbove) {
                    sideRows[n++] = i;
                }
            }
            sideCount = n;
        }

        /** The level's Newton score before splitting: Σ_leaves G²/(H + λ). */
        private double levelScore(int leafCount) {
            double[] sumG = new double[leafCount];
            double[] sumH = new double[leafCount];
            for (int i = 0; i < leaves.length; i++) {
                sumG[leaves[i]] += g[i];
                sumH[leaves[i]] += h[i];
            }
            double s = 0;
            for (int l = 0; l < leafCount; l++) {
                s += term(sumG[l], sumH[l]);
            }
            return s;
        }

        private Candidate bestSplit(ExecutorService pool, int leafCount, int[] usedFeature, int[] usedBorder, int used,
                                    double before) {
            Candidate[] perFeature = new Candidate[featureCount];
            if (pool == null) {
                for (int f = 0; f < featureCount; f++) {
                    perFeature[f] = inTree[f] ? bestSplitOf(f, leafCount, usedFeature, usedBorder, used) : null;
                }
            } else {
                List<Future<Candidate>> futures = new ArrayList<>(featureCount);
                for (int f = 0; f < featureCount; f++) {
                    int feature = f;
                    Callable<Candidate> task = () -> bestSplitOf(feature, leafCount, usedFeature, usedBorder, used);
                    futures.add(inTree[f] ? pool.submit(task) : null);
                }
                for (int f = 0; f < featureCount; f++) {
                    if (futures.get(f) == null) {
                        continue;
                    }
                    try {
                        perFeature[f] = futures.get(f).get();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("training interrupted", e);
                    } catch (ExecutionException e) {
                        throw new IllegalStateException("histogram task failed", e.getCause());
                    }
                }
            }
            Candidate best = null;
            double bestWeighted = Double.NEGATIVE_INFINITY;
            for (Candidate c : perFeature) {
                if (c == null) {
                    continue;
                }
                double weighted = weights == null ? c.score : before + (c.score - before) * weights[c.feature];
                if (best == null || weighted > bestWeighted) {
                    best = c;
                    bestWeighted = weighted;
                }
            }
            return best;
        }

        /** Builds feature f's histogram over the level's leaves and scores each of its borders. */
        private Candidate bestSplitOf(int f, int leafCount, int[] usedFeature, int[] usedBorder, int used) {
            int binsOfF = binCount[f];
            if (binsOfF < 2) {
                return null;
            }
            double[] hist = histograms[f];
            byte[] b = bins.bins[f];
            if (leafCount == 1) {
                Arrays.fill(hist, 0, binsOfF * 2, 0.0);
                for (int i = 0; i < b.length; i++) {
                    int at = (b[i] & 0xFF) << 1;
                    hist[at] += g[i];
                    hist[at + 1] += h[i];
                }
            } else {
                // The histogram still holds the previous level's: leaf q's there is the parent of
                // this level's leaves q (below the new split) and q + half (above it).
                int half = leafCount / 2 * binsOfF * 2;
                if (sideIsAbove) {
                    Arrays.fill(hist, half, 2 * half, 0.0);
                } else {
                    System.arraycopy(hist, 0, hist, half, half);
                    Arrays.fill(hist, 0, half, 0.0);
                }
                int[] rows = sideRows;
                for (int j = 0; j < sideCount; j++) {
                    int i = rows[j];
                    int at = (leaves[i] * binsOfF + (b[i] & 0xFF)) << 1;
                    hist[at] += g[i];
                    hist[at + 1] += h[i];
                }
                if (sideIsAbove) {
                    for (int x = 0; x < half; x++) {
                        hist[x] -= hist[x + half];
                    }
                } else {
                    for (int x = 0; x < half; x++) {
                        hist[x + half] -= hist[x];
                    }
                }
            }
            double[] score = scores[f];
            Arrays.fill(score, 0.0);
            for (int l = 0; l < leafCount; l++) {
                int base = l * binsOfF * 2;
                double totalG = 0;
                double totalH = 0;
                for (int k = 0; k < binsOfF; k++) {
                    totalG += hist[base + 2 * k];
                    totalH += hist[base + 2 * k + 1];
                }
                double leftG = 0;
                double leftH = 0;
                for (int k = 0; k + 1 < binsOfF; k++) {
                    leftG += hist[base + 2 * k];
                    leftH += hist[base + 2 * k + 1];
                    score[k] += term(leftG, leftH) + term(totalG - leftG, totalH - leftH);
                }
            }
            int bestK = -1;
            for (int k = 0; k < score.length; k++) {
                if (isUsed(f, k, usedFeature, usedBorder, used)) {
                    continue;
                }
                if (bestK < 0 || score[k] > score[bestK]) {
                    bestK = k;
                }
            }
            return bestK < 0 ? null : new Candidate(f, bestK, score[bestK]);
        }

        private static boolean isUsed(int f, int k, int[] usedFeature, int[] usedBorder, int used) {
            for (int d = 0; d < used; d++) {
                if (usedFeature[d] == f && usedBorder[d] == k) {
                    return true;
                }
            }
            return false;
        }

        private double term(double sumG, double sumH) {
            double denominator = sumH + options.l2();
            return denominator > 0 ? sumG * sumG / denominator : 0;
        }
    }
}

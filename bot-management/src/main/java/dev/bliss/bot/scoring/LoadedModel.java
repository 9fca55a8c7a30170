package dev.bliss.bot.scoring;

import ai.catboost.CatBoostError;
import ai.catboost.CatBoostModel;
import ai.catboost.CatBoostPredictions;
import java.lang.System.Logger.Level;

/**
 * One CatBoost model loaded through the JNI and checked: the only class that holds a native
 * model handle.
 *
 * <p><b>Threads.</b> {@link #predictRaw} may run on any number of threads at once (the JNI's
 * predict is thread-safe; each caller brings its own row and predictions object).
 * {@link #close()} must not overlap any {@code predictRaw}: the JNI does not synchronise predict
 * with dispose, and a predict on a disposed model reads freed native memory. {@link ModelSet}
 * guarantees this by swapping models by reference and closing a retired model only after every
 * scorer has left it.
 *
 * <p><b>Allocation.</b> {@code predictRaw} allocates nothing on the Java heap: the row is either
 * the caller's input vector itself (when the model's features are its first positions in order)
 * or gathered into the caller's scratch array, and the JNI writes into the caller's reused
 * {@link CatBoostPredictions}; its own buffers are native.
 */
final class LoadedModel implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(LoadedModel.class.getName());

    final ModelSpec spec;
    final FileStamp stamp;
    final int treeCount;
    final int featureCount;
    private final CatBoostModel model;
    private final int[] inputIndex;
    /** The model reads input positions 0..n-1 in order: pass the input as it is (the JNI ignores the rest). */
    private final boolean directInput;

    LoadedModel(ModelSpec spec, CatBoostModel model, FileStamp stamp, int treeCount) {
        this.spec = spec;
        this.model = model;
        this.stamp = stamp;
        this.treeCount = treeCount;
        this.inputIndex = spec.inputIndex();
        this.featureCount = inputIndex.length;
        boolean direct = true;
        for (int i = 0; i < inputIndex.length; i++) {
            direct &= inputIndex[i] == i;
        }
        this.directInput = direct;
    }

    /** A row buffer for {@link #predictRaw}, one per calling thread. */
    float[] newScratch() {
        return new float[featureCount];
    }

    /**
     * The raw formula value (scale and bias applied, no sigmoid) for {@code input}, a full input
     * vector in schema order.
     */
    double predictRaw(float[] input, float[] scratch, CatBoostPredictions out) throws CatBoostError {
        float[] row = input;
        if (!directInput) {
            int[] index = inputIndex;
            for (int i = 0; i < index.length; i++) {
                scratch[i] = input[index[i]];
            }
            row = scratch;
        }
        model.predict(row, (String[]) null, out);
        return out.get(0, 0);
    }

    /** Frees the native model. Only once no thread can be inside {@link #predictRaw}. */
    @Override
    public void close() {
        try {
            model.close();
        } catch (CatBoostError e) {
            LOG.log(Level.WARNING, "closing model " + spec.name() + " failed", e);
        }
    }

    @Override
    public String toString() {
        return spec.name() + " (" + spec.file() + ", " + treeCount + " trees, " + featureCount + " features)";
    }
}

package dev.bliss.bench.scoring;

import ai.catboost.CatBoostError;
import ai.catboost.CatBoostModel;
import ai.catboost.CatBoostPredictions;
import dev.bliss.bot.scoring.CatBoostNativeLibrary;
import dev.bliss.training.catboost.CatBoostJsonReader;
import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.ObliviousTreeModel;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A single-row JNI predict of a model file, by default the model bliss ships
 * (config/models/bot-v1.json): what scoring one request costs with it. Rows are 256 random points,
 * each value on one of the borders its feature's splits test, or just above it (the cost depends
 * on the model's shape more than on the values).
 * Compare files with {@code -p file=a.json,b.json}; run from the repository root.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar ModelFilePredictBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ModelFilePredictBenchmark {

    private static final int ROWS = 256;

    @Param("config/models/bot-v1.json")
    public String file;

    private CatBoostModel model;
    private final CatBoostPredictions predictions = new CatBoostPredictions(1, 1);
    private float[][] rows;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        CatBoostNativeLibrary.load();
        model = CatBoostModel.loadModel(file, "json");
        ObliviousTreeModel trees = CatBoostJsonReader.read(Path.of(file));
        // rows from the borders the trees test, so that a file and its pruned copy get the same rows
        ObliviousTreeModel used = trees.withUsedBordersOnly();
        List<FloatFeature> features = used.features();
        System.out.printf("%n%s: %d trees, %d features, %d borders (%d tested by a split)%n", file, trees.trees().size(),
                features.size(), trees.borderCount(), used.borderCount());
        SplittableRandom random = new SplittableRandom(7);
        rows = new float[ROWS][features.size()];
        for (float[] row : rows) {
            for (int f = 0; f < row.length; f++) {
                float[] b = features.get(f).borders();
                // on a random border or just above it: every bin of the feature is as likely
                float border = b.length == 0 ? 0f : b[random.nextInt(b.length)];
                row[f] = random.nextBoolean() ? border : Math.nextUp(border);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws CatBoostError {
        model.close();
    }

    @Benchmark
    public double jniPredict() throws CatBoostError {
        model.predict(rows[next++ & (ROWS - 1)], (String[]) null, predictions);
        return predictions.get(0, 0);
    }
}

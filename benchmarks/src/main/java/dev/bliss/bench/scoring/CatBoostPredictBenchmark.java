package dev.bliss.bench.scoring;

import ai.catboost.CatBoostError;
import ai.catboost.CatBoostModel;
import ai.catboost.CatBoostPredictions;
import dev.bliss.bot.scoring.CatBoostNativeLibrary;
import dev.bliss.bot.scoring.ModelScorer;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Single-row CatBoost predictions of a generated model of {@value #TREES} trees of depth
 * {@value #DEPTH} over {@value #FEATURES} float features, with {@code borders} borders per
 * feature (CatBoost's CPU default is 254; the JNI's cost grows with the borders, because it
 * binarises every border of every used feature per row):
 * <ul>
 *   <li>{@code jniPredict}: {@code CatBoostModel.predict(float[], String[], CatBoostPredictions)}
 *       with a reused predictions object: the JNI alone.
 *   <li>{@code scoreDirect}: {@link ModelScorer#score} of the same model whose features are the
 *       input vector's first positions in order: the JNI plus sigmoid, score mapping and the
 *       in-flight marks.
 *   <li>{@code scoreGathered}: the same, with the model's features in reverse input order, so
 *       each row is gathered through the index map first (the usual case in bliss).
 *   <li>{@code jniPredictOneTree}: a one-tree, one-feature model: the JNI's fixed cost per call.
 * </ul>
 * 256 random rows are cycled. Everything should show {@code gc.alloc.rate.norm} ≈ 0 B/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CatBoostPredictBenchmark {

    static final int FEATURES = 100;
    static final int TREES = 200;
    static final int DEPTH = 6;
    private static final int ROWS = 256;

    @Param({"64", "254"})
    public int borders;

    private Path dir;
    private ModelSet direct;
    private ModelSet gathered;
    private ModelScorer directScorer;
    private ModelScorer gatheredScorer;
    private CatBoostModel model;
    private CatBoostModel oneTree;
    private final CatBoostPredictions predictions = new CatBoostPredictions(1, 1);
    private float[][] rows;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException, ConfigException, CatBoostError {
        CatBoostNativeLibrary.load();
        dir = Files.createTempDirectory("bliss-bench-scoring");
        List<String> inputNames = new ArrayList<>();
        List<String> reversedNames = new ArrayList<>();
        for (int i = 0; i < FEATURES; i++) {
            inputNames.add("f" + i);
            reversedNames.add("f" + (FEATURES - 1 - i));
        }
        String json = GeneratedModel.json(inputNames, TREES, DEPTH, borders, 42);
        Files.writeString(dir.resolve("model.json"), json, StandardCharsets.UTF_8);
        // Same trees; model feature i is input feature FEATURES-1-i.
        Files.writeString(dir.resolve("reversed.json"), GeneratedModel.json(reversedNames, TREES, DEPTH, borders, 42),
                StandardCharsets.UTF_8);
        direct = load("direct", "model.json", inputNames, inputNames);
        gathered = load("gathered", "reversed.json", inputNames, reversedNames);
        directScorer = direct.newScorer();
        gatheredScorer = gathered.newScorer();

        model = CatBoostModel.loadModel(json.getBytes(StandardCharsets.UTF_8), "json");
        oneTree = CatBoostModel.loadModel(GeneratedModel.json(List.of("x"), 1, 1, 1, 1).getBytes(StandardCharsets.UTF_8), "json");

        SplittableRandom random = new SplittableRandom(7);
        rows = new float[ROWS][FEATURES];
        for (float[] row : rows) {
            for (int f = 0; f < FEATURES; f++) {
                row[f] = (float) random.nextDouble(0, borders);
            }
        }
    }

    private ModelSet load(String name, String file, List<String> inputNames, List<String> modelFeatures)
            throws IOException, ConfigException {
        Path yaml = dir.resolve(name + ".yaml");
        Files.writeString(yaml, """
                watch_interval: 0s
                models:
                  - name: %s
                    file: %s
                    role: primary
                    features: [%s]
                """.formatted(name, file, String.join(", ", modelFeatures)));
        return ModelSet.load(YamlConfigReader.read(yaml), dir, inputNames, new float[inputNames.size()]);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, CatBoostError {
        direct.close();
        gathered.close();
        model.close();
        oneTree.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private float[] nextRow() {
        return rows[next++ & (ROWS - 1)];
    }

    @Benchmark
    public double jniPredict() throws CatBoostError {
        model.predict(nextRow(), (String[]) null, predictions);
        return predictions.get(0, 0);
    }

    @Benchmark
    public int scoreDirect() {
        return directScorer.score(nextRow());
    }

    @Benchmark
    public int scoreGathered() {
        return gatheredScorer.score(nextRow());
    }

    @Benchmark
    public double jniPredictOneTree() throws CatBoostError {
        oneTree.predict(nextRow(), (String[]) null, predictions);
        return predictions.get(0, 0);
    }
}

package dev.bliss.bench.bot;

import dev.bliss.bot.detectionlog.DetectionLog;
import dev.bliss.bot.detectionlog.DetectionLogSettings;
import dev.bliss.bot.detectionlog.DetectionRecorder;
import dev.bliss.bot.detectionlog.PendingRecord;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.bot.keys.RequestKeys;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The detection log's two costs, over the shipped schema (38 inputs, 6 dimensions):
 *
 * <ul>
 *   <li>{@code eventLoopPerRecord}: what a sampled request adds on its event loop: a pending
 *       record begun and filled in inspect (vector, keys, score), completed and written into the
 *       ring in onComplete. The writer is held (not started) and the ring holds all
 *       {@value #LINES} records of an invocation, so every operation is a real write, never the
 *       cheaper drop path.</li>
 *   <li>{@code writerPerLine}: what the writer thread spends per line: {@value #LINES} records are
 *       put in the ring before each invocation (not measured); the invocation starts the writer
 *       and closes the log, i.e. formats, encodes, writes and flushes them all. Its inverse is the
 *       most lines per second one log can write, so the request rate above which sample_rate 1
 *       starts dropping ({@code queue_full}). The vector is typical: whole numbers for counts and
 *       flags (written without Float.toString), fractions for ratios, dispersions and quantiles
 *       (10 of the shipped schema's 38 inputs), each of which costs a Float.toString.</li>
 * </ul>
 *
 * <pre>java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED
 *   --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -jar benchmarks/target/benchmarks.jar DetectionLogBenchmark -prof gc</pre>
 * Run from the repository root (it reads config/features.yaml).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(DetectionLogBenchmark.LINES)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@Warmup(iterations = 20)
@Measurement(iterations = 30)
public class DetectionLogBenchmark {

    static final int LINES = 20_000;
    /** Holds {@value #LINES} records of this schema (about 330 bytes each) with room to spare. */
    static final int RING = 16 << 20;

    private final Completion completion = BotDetectorBenchmark.OK;

    private Path dir;
    private FeatureSchema schema;
    private BotDetectorBenchmark.Request view;
    private RequestKeys keys;
    private float[] input;
    /** The request's record, as the plugin's per-request attachment holds it. */
    private PendingRecord record;
    private DetectionLog log;
    private DetectionRecorder recorder;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("bliss-bench-detection-log");
        schema = FeatureSchemaReader.read(YamlConfigReader.read(Path.of("config", "features.yaml"))).schema();
        view = new BotDetectorBenchmark.Request(new SplittableRandom(7)); // one browser client
        keys = new RequestKeys(schema, dev.bliss.plugin.HeaderName::of);
        record = new PendingRecord(schema.dimensions().size(), schema.inputLength());
        keys.compute(view, view.header("user-agent"), 0, 0);
        // a typical vector: counts and flags are whole numbers, ratios and dispersions fractions
        input = schema.defaults();
        java.util.List<String> names = schema.inputNames();
        for (int i = 0; i < input.length; i++) {
            String n = names.get(i);
            input[i] = n.contains("ratio") || n.contains("_cv_") || n.contains("quantile") ? 0.1f + i / 97f : i * 3;
        }
    }

    /** A fresh log whose writer is held (not started), so records stay in the ring. */
    @Setup(Level.Invocation)
    public void openHeld() throws Exception {
        Files.deleteIfExists(dir.resolve("detections.log"));
        log = new DetectionLog(new DetectionLogSettings(dir.resolve("detections.log"), 1.0, 1L << 30, 1, RING),
                schema, PluginMetrics.NONE);
        recorder = log.newRecorder();
    }

    @TearDown(Level.Invocation)
    public void close() {
        log.close(); // writes what is still in the ring (not measured)
    }

    private void logOne() {
        PendingRecord r = recorder.begin(record);
        r.features(input).keys(keys).score(42, ScoreSource.MACHINE_LEARNING, true).verified(null).detectionId(101);
        recorder.complete(r, view.requestId(), completion, 1_764_500_000_000L);
    }

    @Benchmark
    public DetectionRecorder eventLoopPerRecord() {
        for (int i = 0; i < LINES; i++) {
            logOne();
        }
        return recorder;
    }

    /** The writer's side: the ring is filled before the invocation, outside the measurement. */
    @State(Scope.Thread)
    public static class Filled {
        DetectionLog log;

        @Setup(Level.Invocation)
        public void fill(DetectionLogBenchmark b) {
            for (int i = 0; i < LINES; i++) {
                b.logOne();
            }
            log = b.log;
        }
    }

    @Benchmark
    public void writerPerLine(Filled filled) {
        filled.log.start().close();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

package dev.bliss.bench.training;

import dev.bliss.store.detections.DetectionLogLine;
import dev.bliss.training.data.DetectionLogReader;
import dev.bliss.training.data.DetectionRecord;
import java.io.BufferedWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code bliss train} and {@code bliss evaluate} spend per detection-log line: a file of
 * {@value #LINES} lines, shaped as the plugin writes them ({@link DetectionLogLine}'s fields, six
 * dimension keys, {@value #FEATURES} features of which a quarter are fractions, a few nulls), read
 * through {@link DetectionLogReader} on the caller's thread ({@code threads=1}) or with parsing
 * on a pool ({@code threads=2}). The file is written once per trial and read from the page cache,
 * so this is parsing, not the disk. With {@code threads=1} the trial also prints the calling
 * thread's CPU time per line ({@code cpu-per-line ... best=.. median=.. ns}): on a shared machine
 * the wall-clock score counts the time the thread waited for a core, the CPU time does not.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar DetectionLogReadBenchmark -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class DetectionLogReadBenchmark {

    static final int LINES = 20_000;
    static final int FEATURES = 80;
    private static final String[] DIMENSIONS = {"ip", "ip_prefix", "ja4", "ja3", "user_agent", "header_order"};

    @Param({"1", "2"})
    public int threads;

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private Path file;
    private ExecutorService parsers;
    private final List<Double> cpuPerLine = new ArrayList<>();

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        file = Files.createTempFile("detections-", ".jsonl");
        SplittableRandom random = new SplittableRandom(11);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < LINES; i++) {
                out.write(line(i, random));
                out.write('\n');
            }
        }
        parsers = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (threads == 1 && !cpuPerLine.isEmpty()) {
            // the last five invocations: warm-up ones come first
            List<Double> measured = new ArrayList<>(cpuPerLine.subList(Math.max(0, cpuPerLine.size() - 5), cpuPerLine.size()));
            measured.sort(null);
            System.out.printf("%ncpu-per-line threads=1 best=%.0f median=%.0f ns%n", measured.getFirst(),
                    measured.get(measured.size() / 2));
        }
        if (parsers != null) {
            parsers.shutdownNow();
        }
        Files.deleteIfExists(file);
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public double readLog() throws Exception {
        long cpuStart = threads == 1 ? CPU.getCurrentThreadCpuTime() : 0;
        double sum = 0;
        try (DetectionLogReader reader = DetectionLogReader.open(file, false, parsers, threads)) {
            DetectionRecord r;
            while ((r = reader.next()) != null) {
                sum += r.score() + r.features()[FEATURES - 1];
            }
        }
        if (threads == 1) {
            cpuPerLine.add((CPU.getCurrentThreadCpuTime() - cpuStart) / (double) LINES);
        }
        return sum;
    }

    private static String line(int i, SplittableRandom random) {
        StringBuilder b = new StringBuilder(2048);
        b.append("{\"").append(DetectionLogLine.TS).append("\":").append(1_764_500_000_000L + i)
                .append(",\"").append(DetectionLogLine.REQUEST_ID).append("\":\"5f0c9a1e-0000-").append(String.format("%012x", i))
                .append("\",\"").append(DetectionLogLine.STATUS).append("\":200")
                .append(",\"").append(DetectionLogLine.SCORE).append("\":").append(1 + random.nextInt(99))
                .append(",\"").append(DetectionLogLine.SCORE_SOURCE).append("\":\"machine_learning\"")
                .append(",\"").append(DetectionLogLine.DETECTION_IDS).append("\":[1,301]")
                .append(",\"").append(DetectionLogLine.VERIFIED).append("\":false")
                .append(",\"").append(DetectionLogLine.FEATURES_AVAILABLE).append("\":true")
                .append(",\"").append(DetectionLogLine.ACTION).append("\":\"none\"")
                .append(",\"").append(DetectionLogLine.SHADOW_SCORES).append("\":{\"bot-v1\":").append(1 + random.nextInt(99))
                .append("},\"").append(DetectionLogLine.KEYS).append("\":{");
        for (int d = 0; d < DIMENSIONS.length; d++) {
            b.append(d == 0 ? "\"" : ",\"").append(DIMENSIONS[d]).append("\":\"")
                    .append(String.format("%016x", random.nextLong())).append('"');
        }
        b.append("},\"").append(DetectionLogLine.FEATURES).append("\":{");
        for (int f = 0; f < FEATURES; f++) {
            b.append(f == 0 ? "\"" : ",\"").append(f < 20 ? "request_" : DIMENSIONS[f % DIMENSIONS.length] + ".feature_")
                    .append(f).append("\":");
            if (f % 4 == 3) {
                b.append(random.nextFloat());
            } else if (f % 17 == 16) {
                b.append("null");
            } else {
                b.append((float) random.nextInt(1000));
            }
        }
        return b.append("}}").toString();
    }
}

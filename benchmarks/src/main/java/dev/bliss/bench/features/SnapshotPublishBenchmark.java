package dev.bliss.bench.features;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.features.publish.PublishStats;
import dev.bliss.features.publish.SnapshotPublisher;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.Durability;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * One publish cycle at {@code keys} active keys across the dimensions of the shipped schema
 * (addresses, their /24s, and a few thousand user agents, fingerprints and header orders):
 *
 * <ul>
 *   <li>{@code frame}: the aggregator's part, every key evaluated into a frame (done in chunks
 *       between ring polls in the service; here at once);</li>
 *   <li>{@code publish}: the publisher's part, ranks and quantiles, the store write into /dev/shm
 *       and the publication (no readers, so no grace wait);</li>
 *   <li>{@code frameAndPublish}: both, the time from tick to published snapshot on an idle service.</li>
 * </ul>
 * Single shot: each iteration is one whole cycle.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED", "-Xmx3g"})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class SnapshotPublishBenchmark {

    @Param({"1000000"})
    public int keys;

    Path dir;
    SlidingWindows windows;
    FeatureStoreWriter writer;
    SnapshotPublisher publisher;
    FeatureFrame frame;
    long now = 1_760_000_000_000L;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        FeatureSchemaReader.Result schema = BenchTraffic.schema();
        int dims = schema.schema().dimensions().size();
        windows = new SlidingWindows(schema.schema(), schema.maxKeys());
        RequestEvent e = new RequestEvent(dims);
        SplittableRandom random = new SplittableRandom(9);
        // about 16/17 of the keys are addresses, 1/17 their /24s, plus a few thousand others
        int ips = (int) (keys * 16L / 17);
        for (int i = 0; windows.activeKeys() < keys && i < 20 * keys; i++) {
            BenchTraffic.fill(e, schema.schema(), random, ips, now - random.nextInt(300_000));
            for (int d = 0; d < dims; d++) {
                windows.dimension(d).update(e.keys[d], e.timestampMillis,
                        SlidingWindows.predicates(e.status, 0, e.httpVersion, e.challenge), e.userAgentHash, e.pathHash, e.keys[0], true);
            }
        }
        int[] lengths = schema.schema().dimensions().stream().mapToInt(d -> d.features().size()).toArray();
        frame = new FeatureFrame(lengths);
        dir = Files.createTempDirectory(Path.of("/dev/shm"), "bliss-bench-publish");
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("features")).durability(Durability.NONE)
                .gracePeriod(Duration.ofSeconds(1)));
        publisher = new SnapshotPublisher(writer, schema.schema());
        System.out.println("\nactive keys " + windows.activeKeys() + ", window state " + windows.memoryBytes() / 1_048_576
                + " MiB, " + windows.memoryBytes() / Math.max(1, windows.activeKeys()) + " B per key");
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        writer.close();
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    @Benchmark
    public FeatureFrame frame() {
        return windows.fillWholeFrame(frame, now);
    }

    @Benchmark
    public PublishStats publish() throws StoreException {
        if (frame.count(0) == 0) {
            windows.fillWholeFrame(frame, now);
        }
        return publisher.publish(frame, 0);
    }

    @Benchmark
    public PublishStats frameAndPublish() throws StoreException {
        long start = System.nanoTime();
        windows.fillWholeFrame(frame, now);
        return publisher.publish(frame, System.nanoTime() - start);
    }
}

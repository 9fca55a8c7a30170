package dev.bliss.bench.features;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.plugin.PluginMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Events ingested and aggregated on one core: the consumer's poll of the ring (record checks)
 * and the windows of all six dimensions of the shipped schema per event, over {@code ips} client
 * addresses (plus their /24s, 2,000 user agents, 300 fingerprints, 200 header orders), with every
 * key already present (the steady state). Before each invocation, outside the measurement, the
 * same thread writes the next 16,384 events into the ring with the plugin's sink; the
 * measurement is reading and aggregating them. Throughput: events per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@State(Scope.Thread)
public class AggregationBenchmark {

    private static final int BATCH = 16_384;

    @Param({"10000", "1000000"})
    public int ips;

    Path dir;
    EventsRing ring;
    RingEventSink sink;
    RingProducer producer;
    RingConsumer consumer;
    SlidingWindows windows;
    RequestEvent[] events;
    long now = 1_760_000_000_000L;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        FeatureSchemaReader.Result schema = BenchTraffic.schema();
        int dims = schema.schema().dimensions().size();
        dir = Files.createTempDirectory(Path.of("/dev/shm"), "bliss-bench-aggregation");
        ring = EventsRing.openOrCreate(dir.resolve("events"), 4 << 20);
        sink = new RingEventSink(ring.path(), dims, schema.schema().hash(), PluginMetrics.NONE);
        producer = sink.newProducer();
        windows = new SlidingWindows(schema.schema(), schema.maxKeys());
        consumer = new RingConsumer(ring, dims, schema.schema().hash(), TimeUnit.SECONDS.toNanos(1), windows);
        SplittableRandom random = new SplittableRandom(3);
        events = new RequestEvent[BATCH];
        for (int i = 0; i < BATCH; i++) {
            events[i] = new RequestEvent(dims);
            BenchTraffic.fill(events[i], schema.schema(), random, ips, now);
        }
        // every client once, so the measurement sees the steady state (keys present), not insertion
        RequestEvent e = new RequestEvent(dims);
        SplittableRandom all = new SplittableRandom(5);
        for (int i = 0; i < ips * 3; i++) {
            BenchTraffic.fill(e, schema.schema(), all, ips, now);
            producer.publish(e);
            if ((i & 1023) == 1023) {
                consumer.poll(2048);
            }
        }
        consumer.poll(Integer.MAX_VALUE);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        sink.close();
        System.out.println("\nactive keys " + windows.activeKeys() + ", window state " + windows.memoryBytes() / 1_048_576
                + " MiB");
        Files.deleteIfExists(ring.path());
        Files.deleteIfExists(dir);
    }

    /** Fills the ring with the next batch (timestamps advancing a millisecond per 16 events). */
    @Setup(Level.Invocation)
    public void refill() {
        for (int i = 0; i < BATCH; i++) {
            RequestEvent e = events[i];
            e.timestampMillis = now + (i >>> 4);
            producer.publish(e);
        }
        now += BATCH >>> 4;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int ingest() {
        int read = 0;
        while (read < BATCH) {
            read += consumer.poll(BATCH);
        }
        return read;
    }
}

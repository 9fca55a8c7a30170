package dev.bliss.bench.features;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.features.events.EventsRing;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.schema.FeatureSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
 * The proxy's cost to hand one request event to the feature service: {@link RingProducer#publish}
 * into a ring over a mapped file in /dev/shm (six dimension keys, 120-byte records).
 *
 * <ul>
 *   <li>{@code publish}: one thread publishes 64 events, then reads them back (the reader's share
 *       is small: a no-op handler); per event.</li>
 *   <li>{@code producer}/{@code consumer}: a producer thread publishing while a consumer thread
 *       drains, as in production; the producer's time is the figure (drops, when the consumer falls
 *       behind, are cheaper than writes and would flatter it: check that the consumer keeps up).</li>
 * </ul>
 * Run with {@code -prof gc} for bytes per event.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Group)
public class EventProducerBenchmark {

    private static final int BATCH = 64;

    /** Ring capacity; 16 MiB is the default of the service. */
    @Param({"16"})
    public int ringMiB;

    Path dir;
    OneToOneRingBuffer ring;
    RingEventSink sink;
    RingProducer producer;
    RequestEvent[] events;
    MessageHandler drain = (type, buffer, index, length) -> { };
    int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        FeatureSchema schema = BenchTraffic.schema().schema();
        int dims = schema.dimensions().size();
        dir = Files.createTempDirectory(Path.of("/dev/shm"), "bliss-bench-events");
        EventsRing file = EventsRing.openOrCreate(dir.resolve("events"), ringMiB << 20);
        ring = file.ring(0); // the ring the first publishing thread claims
        sink = new RingEventSink(file.path(), dims, schema.hash(), PluginMetrics.NONE);
        producer = sink.newProducer();
        SplittableRandom random = new SplittableRandom(1);
        events = new RequestEvent[1024];
        for (int i = 0; i < events.length; i++) {
            events[i] = new RequestEvent(dims);
            BenchTraffic.fill(events[i], schema, random, 100_000, 1_760_000_000_000L + i);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        sink.close();
        Files.deleteIfExists(dir.resolve("events"));
        Files.deleteIfExists(dir);
    }

    @Benchmark
    @Group("publishAndRead")
    @OperationsPerInvocation(BATCH)
    public int publish() {
        for (int i = 0; i < BATCH; i++) {
            producer.publish(events[next++ & (events.length - 1)]);
        }
        return ring.read(drain, BATCH);
    }

    @Benchmark
    @Group("concurrent")
    @GroupThreads(1)
    public void producer() {
        producer.publish(events[next++ & (events.length - 1)]);
    }

    @Benchmark
    @Group("concurrent")
    @GroupThreads(1)
    public int consumer() {
        return ring.read(drain, 256);
    }
}

package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.agrona.concurrent.MessageHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In cluster mode the aggregator thread also copies each event into the forwarder's buffer, and
 * drops it when the buffer is full: neither allocates. (The producer thread that drains the
 * buffer allocates per record, as the Kafka producer's API requires; it runs off the aggregator
 * thread for that reason among others.)
 */
class ForwardingAllocatesNothingTest {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int KEYS = 500;
    private static final int EVENTS = 50_000;
    private static final MessageHandler DISCARD = (type, buffer, index, length) -> { };

    @TempDir
    Path dir;

    @Test
    void shouldAllocateNothingPerEventWhetherTheBufferTakesItOrIsFull() throws Exception {
        FeatureSchema schema = FleetEvents.SHIPPED.schema();
        int dims = schema.dimensions().size();
        SlidingWindows windows = new SlidingWindows(schema, FleetEvents.SHIPPED.maxKeys());
        EventForwarder forwarder = new EventForwarder(windows, 1 << 16);
        EventsRing ring = EventsRing.openOrCreate(dir.resolve("events"), 1 << 20);
        RingConsumer consumer = new RingConsumer(ring.ring(), dims, schema.hash(), 1_000_000_000L, forwarder);
        long now = System.currentTimeMillis();
        try (RingEventSink sink = new RingEventSink(ring.path(), dims, schema.hash(), PluginMetrics.NONE)) {
            RequestEvent e = new RequestEvent(dims);
            java.util.Arrays.fill(e.hasKey, true);
            for (int w = 0; w < 20; w++) {
                run(sink, consumer, forwarder, e, now, 10_000, w % 2 == 0);
            }
            long thread = Thread.currentThread().threadId();
            long best = Long.MAX_VALUE;
            for (int m = 0; m < 3; m++) {
                long before = THREADS.getThreadAllocatedBytes(thread);
                run(sink, consumer, forwarder, e, now, EVENTS, m != 1);
                best = Math.min(best, THREADS.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, best, "bytes allocated over " + EVENTS + " events, best of three");
            assertTrue(forwarder.dropped() > 0, "the undrained passes filled the buffer");
        }
    }

    /** {@code drain}: read the buffer as the producer thread would (here on this thread), else let it fill. */
    private static void run(RingEventSink sink, RingConsumer consumer, EventForwarder forwarder, RequestEvent e,
                            long now, int events, boolean drain) {
        for (int i = 0; i < events; i++) {
            int k = i % KEYS;
            e.timestampMillis = now - (events - i);
            for (int d = 0; d < e.keys.length; d++) {
                e.keys[d] = k * 31L + d;
            }
            e.userAgentHash = i * 0x9E3779B97F4A7C15L;
            e.pathHash = i * 0xC2B2AE3D27D4EB4FL;
            e.status = 200;
            sink.publish(e);
            if ((i & 63) == 63) {
                consumer.poll(1024);
                if (drain) {
                    forwarder.buffer().read(DISCARD, Integer.MAX_VALUE);
                }
            }
        }
        consumer.poll(1024);
    }
}

package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RequestEventRecord;
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
 * drops it when the buffer is full: neither allocates. The producer thread's share per event,
 * sorting its keys into the partitions' batches, allocates nothing either; what it allocates per
 * record (the value's array, the Kafka client's objects) is paid once a batch.
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
        RingConsumer consumer = new RingConsumer(ring, dims, schema.hash(), 1_000_000_000L, forwarder);
        long now = System.currentTimeMillis();
        try (RingEventSink sink = new RingEventSink(ring.path(), dims, schema.hash(), PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            RequestEvent e = new RequestEvent(dims);
            java.util.Arrays.fill(e.hasKey, true);
            for (int w = 0; w < 20; w++) {
                run(producer, consumer, forwarder, e, now, 10_000, w % 2 == 0);
            }
            long thread = Thread.currentThread().threadId();
            long best = Long.MAX_VALUE;
            for (int m = 0; m < 3; m++) {
                long before = THREADS.getThreadAllocatedBytes(thread);
                run(producer, consumer, forwarder, e, now, EVENTS, m != 1);
                best = Math.min(best, THREADS.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, best, "bytes allocated over " + EVENTS + " events, best of three");
            assertTrue(forwarder.dropped() > 0, "the undrained passes filled the buffer");
        }
    }

    @Test
    void shouldAllocateNothingPerEventSortingEachKeyIntoItsPartitionsBatch() throws Exception {
        FeatureSchema schema = FleetEvents.SHIPPED.schema();
        int dims = schema.dimensions().size();
        long[] batches = new long[1];
        long[] events = new long[1];
        EventBatcher batcher = new EventBatcher(schema.hash(), EventProducer.clientIpDimension(schema),
                EventBatcher.eventsFitting(EventProducer.BATCH_BYTES), (partition, batch, length, count, newest) -> {
                    batches[0]++;
                    events[0] += count;
                });
        batcher.partitions(12);
        RequestEventRecord record = new RequestEventRecord();
        MessageHandler sort = (type, buffer, index, length) -> {
            record.wrap(buffer, index, length);
            batcher.add(record);
        };
        EventForwarder forwarder = new EventForwarder(e -> { }, 1 << 20);
        EventsRing ring = EventsRing.openOrCreate(dir.resolve("events"), 1 << 20);
        RingConsumer consumer = new RingConsumer(ring, dims, schema.hash(), 1_000_000_000L, forwarder);
        long now = System.currentTimeMillis();
        try (RingEventSink sink = new RingEventSink(ring.path(), dims, schema.hash(), PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            RequestEvent e = new RequestEvent(dims);
            java.util.Arrays.fill(e.hasKey, true);
            for (int w = 0; w < 20; w++) {
                run(producer, consumer, forwarder, e, now, 10_000, sort);
            }
            long thread = Thread.currentThread().threadId();
            long best = Long.MAX_VALUE;
            for (int m = 0; m < 3; m++) {
                long before = THREADS.getThreadAllocatedBytes(thread);
                run(producer, consumer, forwarder, e, now, EVENTS, sort);
                best = Math.min(best, THREADS.getThreadAllocatedBytes(thread) - before);
            }
            batcher.flush();
            assertEquals(0, best, "bytes allocated over " + EVENTS + " events, best of three");
            assertEquals(0, forwarder.dropped(), "drained as it went");
            assertEquals((20 * 10_000L + 3 * EVENTS) * dims, events[0], "every key of every request in a batch");
            assertTrue(batches[0] < events[0] / 100, batches[0] + " batches");
        }
    }

    /** {@code drain}: read the buffer as the producer thread would (here on this thread), else let it fill. */
    private static void run(RingProducer producer, RingConsumer consumer, EventForwarder forwarder, RequestEvent e,
                            long now, int events, boolean drain) {
        run(producer, consumer, forwarder, e, now, events, drain ? DISCARD : null);
    }

    /** {@code drain}: the producer thread's handler of what the forwarder's buffer holds, or null to let it fill. */
    private static void run(RingProducer producer, RingConsumer consumer, EventForwarder forwarder, RequestEvent e,
                            long now, int events, MessageHandler drain) {
        for (int i = 0; i < events; i++) {
            int k = i % KEYS;
            e.timestampMillis = now - (events - i);
            for (int d = 0; d < e.keys.length; d++) {
                e.keys[d] = k * 31L + d;
            }
            e.userAgentHash = i * 0x9E3779B97F4A7C15L;
            e.pathHash = i * 0xC2B2AE3D27D4EB4FL;
            e.status = 200;
            producer.publish(e);
            if ((i & 63) == 63) {
                consumer.poll(1024);
                if (drain != null) {
                    forwarder.buffer().read(drain, Integer.MAX_VALUE);
                }
            }
        }
        consumer.poll(1024);
        if (drain != null) {
            forwarder.buffer().read(drain, Integer.MAX_VALUE);
        }
    }
}

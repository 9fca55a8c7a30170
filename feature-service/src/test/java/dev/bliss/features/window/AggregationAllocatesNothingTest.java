package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once every key has its record, reading events from the ring into the windows of the shipped
 * schema, and evaluating every key into a frame, allocate nothing.
 */
class AggregationAllocatesNothingTest {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int KEYS = 500;
    private static final int EVENTS = 100_000;

    @TempDir
    Path dir;

    @Test
    void shouldAllocateNothingPerEventOrPerFrameOnceKeysExist() throws Exception {
        FeatureSchemaReader.Result shipped = FeatureSchemaReader.read(YamlConfigReader.read(Path.of("..", "config", "features.yaml")));
        int dims = shipped.schema().dimensions().size();
        SlidingWindows windows = new SlidingWindows(shipped.schema(), shipped.maxKeys());
        EventsRing ring = EventsRing.openOrCreate(dir.resolve("events"), 1 << 20);
        RingConsumer consumer = new RingConsumer(ring, dims, shipped.schema().hash(), 1_000_000_000L, windows);
        FeatureFrame frame = new FeatureFrame(shipped.schema().dimensions().stream().mapToInt(d -> d.features().size()).toArray());
        long now = System.currentTimeMillis();
        try (RingEventSink sink = new RingEventSink(ring.path(), dims, shipped.schema().hash(), PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            RequestEvent e = new RequestEvent(dims);
            java.util.Arrays.fill(e.hasKey, true);
            for (int w = 0; w < 30; w++) {
                run(producer, consumer, e, now, 10_000);
                windows.fillWholeFrame(frame, now);
            }
            long thread = Thread.currentThread().threadId();
            long best = Long.MAX_VALUE;
            for (int m = 0; m < 3; m++) {
                long before = THREADS.getThreadAllocatedBytes(thread);
                run(producer, consumer, e, now, EVENTS);
                windows.fillWholeFrame(frame, now);
                best = Math.min(best, THREADS.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, best, "bytes allocated over " + EVENTS + " events and a frame, best of three");
            assertTrue(frame.count(0) == KEYS);
        }
    }

    private static void run(RingProducer producer, RingConsumer consumer, RequestEvent e, long now, int events) {
        for (int i = 0; i < events; i++) {
            int k = i % KEYS;
            e.timestampMillis = now - (events - i);
            for (int d = 0; d < e.keys.length; d++) {
                e.keys[d] = k * 31L + d;
            }
            e.userAgentHash = i * 0x9E3779B97F4A7C15L;
            e.pathHash = i * 0xC2B2AE3D27D4EB4FL;
            e.templateHash = i % 3; // three templates; numbered pages in and out of order, and some without a number
            e.pageNumber = i % 5 == 0 ? RequestEventLayout.NO_PAGE_NUMBER : i / KEYS;
            e.status = i % 7 == 0 ? 404 : 200;
            e.challenge = i % 6; // every outcome, none to replayed
            producer.publish(e);
            if ((i & 63) == 63) {
                consumer.poll(1024);
            }
        }
        consumer.poll(1024);
    }
}

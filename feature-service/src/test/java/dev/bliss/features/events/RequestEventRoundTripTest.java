package dev.bliss.features.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the plugin's sink writes, the service's flyweight reads back field for field. */
class RequestEventRoundTripTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadBackEveryFieldTheProducerWrote() throws Exception {
        long schema = 0x1111_2222_3333_4444L;
        EventsRing ring = EventsRing.openOrCreate(dir.resolve("events"), 1 << 16);
        RequestEvent e = new RequestEvent(4);
        e.timestampMillis = 1_760_000_000_000L;
        e.keys[0] = 11;
        e.keys[1] = -3;
        e.keys[3] = Long.MIN_VALUE;
        e.hasKey[0] = true;
        e.hasKey[1] = true;
        e.hasKey[3] = true;
        e.status = 503;
        e.userAgentHash = 77;
        e.pathHash = 88;
        e.templateHash = -99;
        e.pageNumber = 4_000_000_000L;
        e.method = RequestEventLayout.METHOD_HEAD;
        e.httpVersion = 11;
        e.staticResource = true;
        e.browserLikeUserAgent = true;
        try (RingEventSink sink = new RingEventSink(ring.path(), 4, schema, PluginMetrics.NONE)) {
            sink.newProducer().publish(e);
        }
        AtomicInteger seen = new AtomicInteger();
        RingConsumer consumer = new RingConsumer(ring, 4, schema, 1_000_000_000L, r -> {
            seen.incrementAndGet();
            assertEquals(1_760_000_000_000L, r.timestampMillis());
            assertEquals(503, r.status());
            assertEquals(77, r.userAgentHash());
            assertEquals(88, r.pathHash());
            assertEquals(-99, r.templateHash());
            assertEquals(4_000_000_000L, r.pageNumber());
            assertEquals(RequestEventLayout.METHOD_HEAD, r.method());
            assertEquals(11, r.httpVersion());
            assertTrue(r.hasFlag(RequestEventLayout.FLAG_STATIC));
            assertTrue(r.hasFlag(RequestEventLayout.FLAG_BROWSER_LIKE));
            assertFalse(r.hasFlag(RequestEventLayout.FLAG_COOKIE));
            assertTrue(r.hasKey(0) && r.hasKey(1) && !r.hasKey(2) && r.hasKey(3));
            assertEquals(11, r.key(0));
            assertEquals(-3, r.key(1));
            assertEquals(Long.MIN_VALUE, r.key(3));
        });
        assertEquals(1, consumer.poll(10));
        assertEquals(1, seen.get());
        assertEquals(1, consumer.count(RecordCheck.OK));
    }
}

package dev.bliss.bot.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The proxy's side of the events rings, against real rings over real mapped files. */
class RingEventSinkTest {

    private static final long SCHEMA_HASH = 0x0123_4567_89ab_cdefL;

    @TempDir
    Path dir;

    /** Creates ring file {@code file} (e.g. {@code events/0}), its directory too, as the feature service does. */
    static OneToOneRingBuffer createRing(Path file, int capacity) throws IOException {
        Files.createDirectories(file.getParent());
        long size = capacity + RingBufferDescriptor.TRAILER_LENGTH;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.truncate(size);
            ch.write(java.nio.ByteBuffer.allocate(1), size - 1);
            return new OneToOneRingBuffer(new UnsafeBuffer(ch.map(FileChannel.MapMode.READ_WRITE, 0, size)));
        }
    }

    static void await(BooleanSupplier condition, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + within);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static RequestEvent event(int dims) {
        RequestEvent e = new RequestEvent(dims);
        e.timestampMillis = 1_760_000_000_123L;
        for (int d = 0; d < dims; d++) {
            e.keys[d] = 0x1000L * (d + 1) + d;
            e.hasKey[d] = d != 2;
        }
        e.status = 404;
        e.userAgentHash = -7L;
        e.pathHash = 42L;
        e.templateHash = 0x7E3A_1A7EL;
        e.pageNumber = 123L;
        e.method = RequestEventLayout.METHOD_POST;
        e.httpVersion = 20;
        e.hasCookie = true;
        e.heuristicMatch = true;
        e.tls = true;
        return e;
    }

    @Test
    void shouldWriteEveryFieldAtTheLayoutsOffsets() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer consumer = createRing(rings.resolve("0"), 1 << 16);
        try (RingEventSink sink = new RingEventSink(rings, 6, SCHEMA_HASH, PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            assertTrue(producer.connected());
            producer.publish(event(6));
        }
        List<String> seen = new ArrayList<>();
        int read = consumer.read((type, b, at, length) -> {
            assertEquals(RequestEventLayout.MESSAGE_TYPE, type);
            assertEquals(RequestEventLayout.bodyLength(6), length);
            assertEquals(RequestEventLayout.VERSION, b.getByte(at + RequestEventLayout.VERSION_OFFSET));
            int flags = b.getByte(at + RequestEventLayout.FLAGS_OFFSET);
            assertEquals(RequestEventLayout.FLAG_COOKIE | RequestEventLayout.FLAG_HEURISTIC | RequestEventLayout.FLAG_TLS, flags);
            assertEquals(RequestEventLayout.METHOD_POST, b.getByte(at + RequestEventLayout.METHOD_OFFSET));
            assertEquals(20, b.getByte(at + RequestEventLayout.HTTP_VERSION_OFFSET));
            assertEquals(404, b.getShort(at + RequestEventLayout.STATUS_OFFSET));
            assertEquals(6, b.getByte(at + RequestEventLayout.KEY_COUNT_OFFSET));
            assertEquals(RequestEventLayout.schemaTag(SCHEMA_HASH), b.getInt(at + RequestEventLayout.SCHEMA_TAG_OFFSET));
            assertEquals(0b111011, b.getInt(at + RequestEventLayout.KEY_PRESENCE_OFFSET));
            assertEquals(1_760_000_000_123L, b.getLong(at + RequestEventLayout.TIMESTAMP_OFFSET));
            assertEquals(-7L, b.getLong(at + RequestEventLayout.USER_AGENT_HASH_OFFSET));
            assertEquals(42L, b.getLong(at + RequestEventLayout.PATH_HASH_OFFSET));
            assertEquals(0x7E3A_1A7EL, b.getLong(at + RequestEventLayout.TEMPLATE_HASH_OFFSET));
            assertEquals(123L, b.getLong(at + RequestEventLayout.PAGE_NUMBER_OFFSET));
            assertEquals(0x1000L, b.getLong(at + RequestEventLayout.keyOffset(0)));
            assertEquals(0L, b.getLong(at + RequestEventLayout.keyOffset(2)), "an absent key is written as 0");
            assertEquals(0x6005L, b.getLong(at + RequestEventLayout.keyOffset(5)));
            seen.add("event");
        });
        assertEquals(1, read);
        assertEquals(List.of("event"), seen);
    }

    @Test
    void shouldWriteNoPageNumberForAnEventThatHasNone() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer consumer = createRing(rings.resolve("0"), 1 << 16);
        try (RingEventSink sink = new RingEventSink(rings, 1, SCHEMA_HASH, PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            producer.publish(new RequestEvent(1));
        }
        long[] number = new long[1];
        assertEquals(1, consumer.read((type, b, at, length) -> number[0] = b.getLong(at + RequestEventLayout.PAGE_NUMBER_OFFSET)));
        assertEquals(RequestEventLayout.NO_PAGE_NUMBER, number[0], "a new event's number is none, not page 0");
    }

    @Test
    void shouldDropAndCountWhenTheRingIsFull() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer consumer = createRing(rings.resolve("0"), 4096);
        CountingMetrics metrics = new CountingMetrics();
        int written = 0;
        try (RingEventSink sink = new RingEventSink(rings, 6, SCHEMA_HASH, metrics)) {
            RingProducer producer = sink.newProducer();
            RequestEvent e = event(6);
            for (int i = 0; i < 100; i++) {
                producer.publish(e);
            }
            written = consumer.read((type, b, at, length) -> { }, 1000);
        }
        int recordLength = RequestEventLayout.bodyLength(6) + 8; // Agrona's header, 8-aligned
        assertEquals((4096 - 8) / recordLength, written, "room is kept for the header after the last record");
        assertEquals(100 - written, metrics.count("bot_events_dropped", "reason", "ring_full"));
    }

    @Test
    void shouldCountEventsUntilTheRingAppearsThenWriteToIt() throws Exception {
        Path rings = dir.resolve("events");
        CountingMetrics metrics = new CountingMetrics();
        try (RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, metrics)) {
            RingProducer producer = sink.newProducer();
            assertFalse(producer.connected());
            producer.publish(event(3));
            assertEquals(1, metrics.count("bot_events_dropped", "reason", "ring_missing"));
            assertEquals(0.0, metrics.gauges.get("bot_events_ring_connected{}").getAsDouble());

            OneToOneRingBuffer consumer = createRing(rings.resolve("0"), 1 << 16);
            await(producer::connected, Duration.ofSeconds(10));
            producer.publish(event(3));
            assertEquals(1, consumer.read((type, b, at, length) -> { }));
            assertEquals(1.0, metrics.gauges.get("bot_events_ring_connected{}").getAsDouble());
        }
    }

    @Test
    void shouldSwitchToARingThatReplacesTheFile() throws Exception {
        Path rings = dir.resolve("events");
        Path file = rings.resolve("0");
        OneToOneRingBuffer first = createRing(file, 1 << 16);
        try (RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            producer.publish(event(3));
            assertEquals(1, first.read((type, b, at, length) -> { }));
            Path next = rings.resolve("next");
            OneToOneRingBuffer second = createRing(next, 1 << 17);
            Files.move(next, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            int[] got = new int[1];
            await(() -> {
                producer.publish(event(3));
                got[0] += second.read((type, b, at, length) -> { });
                return got[0] > 0;
            }, Duration.ofSeconds(10));
        }
    }

    @Test
    void shouldGiveEachProducerARingOfItsOwnAndCountOneLeftWithout() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer zero = createRing(rings.resolve("0"), 1 << 16);
        OneToOneRingBuffer one = createRing(rings.resolve("1"), 1 << 16);
        CountingMetrics metrics = new CountingMetrics();
        try (RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, metrics)) {
            for (int t = 0; t < 3; t++) {
                int events = t + 1;
                // as the proxy does: each event loop's detector is made on that loop's thread
                Thread thread = Thread.ofPlatform().start(() -> {
                    RingProducer producer = sink.newProducer();
                    RequestEvent e = event(3);
                    for (int i = 0; i < events; i++) {
                        producer.publish(e);
                    }
                });
                thread.join();
            }
            assertEquals(2.0, metrics.gauges.get("bot_events_ring_connected{}").getAsDouble());
        }
        assertEquals(1, zero.read((type, b, at, length) -> { }), "the first producer's one event, in the first ring");
        assertEquals(2, one.read((type, b, at, length) -> { }), "the second's two, in the second");
        assertEquals(3, metrics.count("bot_events_dropped", "reason", "ring_missing"), "the third found none free");
    }

    @Test
    void shouldStampEachRecordWithItsPublishOrderAcrossRings() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer zero = createRing(rings.resolve("0"), 1 << 16);
        OneToOneRingBuffer one = createRing(rings.resolve("1"), 1 << 16);
        long before = System.nanoTime();
        try (RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, PluginMetrics.NONE)) {
            RingProducer first = sink.newProducer();
            RingProducer second = sink.newProducer();
            RequestEvent e = event(3);
            for (int i = 0; i < 4; i++) {
                (i % 2 == 0 ? first : second).publish(e);
            }
        }
        long after = System.nanoTime();
        long[] orders = new long[4];
        long[] times = new long[4];
        int[] n = new int[2];
        zero.read((type, b, at, length) -> {
            orders[2 * n[0]] = b.getLong(at + RequestEventLayout.PUBLISH_ORDER_OFFSET);
            times[2 * n[0]++] = b.getLong(at + RequestEventLayout.TIMESTAMP_OFFSET);
        });
        one.read((type, b, at, length) -> {
            orders[2 * n[1] + 1] = b.getLong(at + RequestEventLayout.PUBLISH_ORDER_OFFSET);
            times[2 * n[1]++ + 1] = b.getLong(at + RequestEventLayout.TIMESTAMP_OFFSET);
        });
        assertEquals(2, n[0]);
        assertEquals(2, n[1]);
        for (int i = 0; i < 4; i++) {
            assertTrue(orders[i] >= before && orders[i] <= after, "the monotonic clock at publish: " + orders[i]);
            assertTrue(i == 0 || orders[i] >= orders[i - 1], "published alternately into two rings, in this order");
            assertEquals(1_760_000_000_123L, times[i], "the event's own time is left as the event says");
        }
    }

    @Test
    void shouldLeaveARingThatAnotherOpenFileOwns() throws Exception {
        Path rings = dir.resolve("events");
        OneToOneRingBuffer zero = createRing(rings.resolve("0"), 1 << 16);
        OneToOneRingBuffer one = createRing(rings.resolve("1"), 1 << 16);
        // a lock through another open file description: what another proxy process holds
        try (RingOwnership other = RingOwnership.tryClaim(rings.resolve("0"));
             RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            assertTrue(other != null);
            producer.publish(event(3));
        }
        assertEquals(0, zero.read((type, b, at, length) -> { }));
        assertEquals(1, one.read((type, b, at, length) -> { }));
    }

    @Test
    void shouldCountAFaultWhenTheRingIsCutThenClaimItAgainOnceWhole() throws Exception {
        Path rings = dir.resolve("events");
        Path file = rings.resolve("0");
        int capacity = 1 << 16;
        OneToOneRingBuffer ring = createRing(file, capacity);
        CountingMetrics metrics = new CountingMetrics();
        try (RingEventSink sink = new RingEventSink(rings, 3, SCHEMA_HASH, metrics)) {
            RingProducer producer = sink.newProducer();
            producer.publish(event(3));
            assertEquals(1, ring.read((type, b, at, length) -> { }));
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(0);
            }
            producer.publish(event(3));
            assertEquals(1, metrics.count("bot_events_dropped", "reason", "ring_fault"), "the write met the cut");
            assertEquals(0.0, metrics.gauges.get("bot_events_ring_connected{}").getAsDouble(), "and the ring was given up");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.allocate(1), capacity + RingBufferDescriptor.TRAILER_LENGTH - 1);
            }
            OneToOneRingBuffer restored = new OneToOneRingBuffer(new UnsafeBuffer(FileChannel.open(file,
                    StandardOpenOption.READ, StandardOpenOption.WRITE).map(FileChannel.MapMode.READ_WRITE, 0,
                    capacity + RingBufferDescriptor.TRAILER_LENGTH)));
            int[] got = new int[1];
            await(() -> {
                producer.publish(event(3));
                got[0] += restored.read((type, b, at, length) -> { });
                return got[0] > 0;
            }, Duration.ofSeconds(10));
            assertEquals(1, metrics.count("bot_events_dropped", "reason", "ring_fault"));
        }
    }

    @Test
    void shouldAllocateNothingPerEvent() throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        Path rings = dir.resolve("events");
        OneToOneRingBuffer consumer = createRing(rings.resolve("0"), 1 << 20);
        try (RingEventSink sink = new RingEventSink(rings, 6, SCHEMA_HASH, new CountingMetrics())) {
            RingProducer producer = sink.newProducer();
            RequestEvent e = event(6);
            org.agrona.concurrent.MessageHandler drain = (type, b, at, length) -> { };
            for (int i = 0; i < 200_000; i++) {
                producer.publish(e);
                consumer.read(drain);
            }
            long thread = Thread.currentThread().threadId();
            long best = Long.MAX_VALUE;
            for (int m = 0; m < 3; m++) {
                long before = threads.getThreadAllocatedBytes(thread);
                for (int i = 0; i < 100_000; i++) {
                    e.timestampMillis = i;
                    producer.publish(e);
                    consumer.read(drain);
                }
                best = Math.min(best, threads.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, best, "bytes allocated over 100,000 events, best of three");
        }
    }
}

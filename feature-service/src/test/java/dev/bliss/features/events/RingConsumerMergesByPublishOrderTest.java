package dev.bliss.features.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rings are read merged by each record's publish order, not by the event's own millisecond:
 * one client's events that crossed several event loops come out as they were published.
 */
class RingConsumerMergesByPublishOrderTest {

    private static final long SCHEMA = 0x0bad_cafe_0000_0001L;
    private static final int KEYS = 2;

    @TempDir
    Path dir;

    /** A valid event whose page number says which it is. */
    private static void write(OneToOneRingBuffer ring, int version, long publishOrder, long millis, long page) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[RequestEventLayout.bodyLength(KEYS)]);
        b.putLong(RequestEventLayout.VERSION_OFFSET, RequestEventLayout.head(0, RequestEventLayout.METHOD_GET, 11, 200, KEYS)
                & ~0xFFL | version);
        b.putLong(RequestEventLayout.SCHEMA_TAG_OFFSET, RequestEventLayout.tagAndPresence(RequestEventLayout.schemaTag(SCHEMA), 0b11));
        b.putLong(RequestEventLayout.TIMESTAMP_OFFSET, millis);
        b.putLong(RequestEventLayout.PAGE_NUMBER_OFFSET, page);
        b.putLong(RequestEventLayout.PUBLISH_ORDER_OFFSET, publishOrder);
        assertEquals(true, ring.write(RequestEventLayout.MESSAGE_TYPE, b, 0, b.capacity()));
    }

    private static void write(OneToOneRingBuffer ring, long publishOrder, long millis, long page) {
        write(ring, RequestEventLayout.VERSION, publishOrder, millis, page);
    }

    @Test
    void shouldReadRecordsOfSeveralRingsInPublishOrderWhateverTheirMillisecond() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 3, 1 << 16);
        long ms = 1_760_000_000_000L;
        // one client's pages 1..7 through three loops; all in one millisecond, so the event time
        // cannot order them, and page 6 carries an earlier millisecond than page 5 (a lab's header)
        write(rings.ring(2), 1_000, ms, 1);
        write(rings.ring(0), 2_000, ms, 2);
        write(rings.ring(0), 2_500, ms, 3);
        write(rings.ring(1), 3_000, ms, 4);
        write(rings.ring(2), 4_000, ms, 5);
        write(rings.ring(2), 5_000, ms - 1, 6);
        write(rings.ring(1), 6_000, ms, 7);

        List<Long> pages = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 1_000_000_000L, e -> pages.add(e.pageNumber()));
        assertEquals(7, consumer.poll(100));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), pages);
    }

    @Test
    void shouldBreakATieByTheLowerRing() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 2, 1 << 16);
        write(rings.ring(1), 7_000, 1, 11);
        write(rings.ring(1), 7_000, 1, 12);
        write(rings.ring(0), 7_000, 1, 1);
        write(rings.ring(0), 8_000, 1, 2);

        List<Long> pages = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 1_000_000_000L, e -> pages.add(e.pageNumber()));
        assertEquals(4, consumer.poll(100));
        assertEquals(List.of(1L, 11L, 12L, 2L), pages);
    }

    @Test
    void shouldReadARecordOfAnEarlierVersionAtOnceAndCountIt() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 2, 1 << 16);
        // version 2 had no publish order: its bytes 56.. are its first key, never compared
        write(rings.ring(0), RequestEventLayout.VERSION - 1, Long.MAX_VALUE - 1, 1, 99);
        write(rings.ring(0), 9_000, 1, 2);
        write(rings.ring(1), 8_000, 1, 1);

        List<Long> pages = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 1_000_000_000L, e -> pages.add(e.pageNumber()));
        assertEquals(3, consumer.poll(100));
        assertEquals(List.of(1L, 2L), pages);
        assertEquals(1, consumer.count(RecordCheck.UNKNOWN_VERSION));
    }
}

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
 * Records the consumer cannot trust are skipped and counted by reason, and the valid records
 * around them still arrive: a corrupt producer never stops ingestion.
 */
class RingConsumerSkipsBadRecordsTest {

    private static final long SCHEMA = 0xfeed_beef_1234_5678L;
    private static final int KEYS = 3;
    private static final int V = RequestEventLayout.VERSION;

    @TempDir
    Path dir;

    private static void write(OneToOneRingBuffer ring, int type, int version, int keyCount, int length, int schemaTag, long ts) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[Math.max(length, RequestEventLayout.bodyLength(keyCount))]);
        b.putByte(RequestEventLayout.VERSION_OFFSET, (byte) version);
        b.putByte(RequestEventLayout.KEY_COUNT_OFFSET, (byte) keyCount);
        b.putShort(RequestEventLayout.STATUS_OFFSET, (short) 200);
        b.putInt(RequestEventLayout.SCHEMA_TAG_OFFSET, schemaTag);
        b.putInt(RequestEventLayout.KEY_PRESENCE_OFFSET, (1 << keyCount) - 1);
        b.putLong(RequestEventLayout.TIMESTAMP_OFFSET, ts);
        assertEquals(true, ring.write(type, b, 0, length));
    }

    @Test
    void shouldSkipAndCountEachKindOfBadRecordAndKeepReading() throws Exception {
        EventsRing file = EventsRing.openOrCreate(dir.resolve("events"), 1 << 16);
        OneToOneRingBuffer ring = file.ring(0);
        int tag = RequestEventLayout.schemaTag(SCHEMA);
        int good = RequestEventLayout.bodyLength(KEYS);
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS, good, tag, 1);
        write(ring, RequestEventLayout.MESSAGE_TYPE, 9, KEYS, good, tag, 2);          // a future version
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS, good - 8, tag, 3);      // truncated
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS, 12, tag, 4);            // shorter than the fixed part
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, 200, good, tag, 5);           // key count beyond the layout
        write(ring, 7, V, KEYS, good, tag, 6);                                        // another message type
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS, good, tag ^ 1, 7);      // another schema
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS + 1, RequestEventLayout.bodyLength(KEYS + 1), tag, 8);
        write(ring, RequestEventLayout.MESSAGE_TYPE, 1, KEYS, 40 + 8 * KEYS, tag, 10); // version 1: keys at 40, no page number
        write(ring, RequestEventLayout.MESSAGE_TYPE, V, KEYS, good, tag, 9);

        List<Long> handled = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(file, KEYS, SCHEMA, 1_000_000_000L, e -> handled.add(e.timestampMillis()));
        assertEquals(10, consumer.poll(100));

        assertEquals(List.of(1L, 9L), handled);
        assertEquals(2, consumer.count(RecordCheck.OK));
        assertEquals(2, consumer.count(RecordCheck.UNKNOWN_VERSION));
        assertEquals(3, consumer.count(RecordCheck.BAD_LENGTH));
        assertEquals(1, consumer.count(RecordCheck.UNKNOWN_TYPE));
        assertEquals(2, consumer.count(RecordCheck.SCHEMA_MISMATCH));
    }

    @Test
    void shouldReuseAnExistingRingRatherThanReplaceIt() throws Exception {
        Path path = dir.resolve("events");
        EventsRing first = EventsRing.openOrCreate(path, 1 << 16);
        write(first.ring(0), RequestEventLayout.MESSAGE_TYPE, V, KEYS, RequestEventLayout.bodyLength(KEYS),
                RequestEventLayout.schemaTag(SCHEMA), 5);
        EventsRing again = EventsRing.openOrCreate(path, 1 << 20);
        assertEquals(1 << 16, again.capacity(), "a ring proxies have mapped keeps its size");
        List<Long> handled = new ArrayList<>();
        new RingConsumer(again, KEYS, SCHEMA, 1_000_000_000L, e -> handled.add(e.timestampMillis())).poll(10);
        assertEquals(List.of(5L), handled, "records written before a restart are still read");
    }

    @Test
    void shouldReplaceAFileThatIsNoRing() throws Exception {
        Path path = dir.resolve("events");
        java.nio.file.Files.createDirectories(path);
        java.nio.file.Files.writeString(path.resolve("0"), "not a ring");
        EventsRing ring = EventsRing.openOrCreate(path, 1 << 16);
        assertEquals(1 << 16, ring.capacity());
        assertEquals(1 << 16, ring.ring(0).capacity());
    }

    @Test
    void shouldReplaceTheSingleRingFileOfTheEarlierDesignWithADirectoryOfRings() throws Exception {
        Path path = dir.resolve("events");
        java.nio.file.Files.write(path, new byte[(1 << 16) + org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH]);
        EventsRing ring = EventsRing.openOrCreate(path, 3, 1 << 16);
        assertEquals(3, ring.count());
        assertEquals(true, java.nio.file.Files.isDirectory(path));
    }

    @Test
    void shouldRemoveRingsPastTheConfiguredCount() throws Exception {
        Path path = dir.resolve("events");
        EventsRing.openOrCreate(path, 4, 1 << 16);
        EventsRing.openOrCreate(path, 2, 1 << 16);
        assertEquals(true, java.nio.file.Files.exists(path.resolve("1")));
        assertEquals(false, java.nio.file.Files.exists(path.resolve("2")));
        assertEquals(false, java.nio.file.Files.exists(path.resolve("3")));
    }

    @Test
    void shouldReadEveryRing() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 3, 1 << 16);
        int tag = RequestEventLayout.schemaTag(SCHEMA);
        for (int i = 0; i < 3; i++) {
            write(rings.ring(i), RequestEventLayout.MESSAGE_TYPE, V, KEYS, RequestEventLayout.bodyLength(KEYS), tag, 10 + i);
        }
        List<Long> handled = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 1_000_000_000L, e -> handled.add(e.timestampMillis()));
        assertEquals(3, consumer.poll(100));
        assertEquals(List.of(10L, 11L, 12L), handled);
    }
}

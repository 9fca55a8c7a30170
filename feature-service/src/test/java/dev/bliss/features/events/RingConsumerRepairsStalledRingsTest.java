package dev.bliss.features.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ring whose producer claimed a record and never committed it (a proxy killed in between, or
 * stalled) would stop its ring forever; the consumer repairs it after the stall limit, and the
 * ring carries events again. Other rings are read meanwhile.
 */
class RingConsumerRepairsStalledRingsTest {

    private static final long SCHEMA = 0x5eed_0000_0000_0001L;
    private static final int KEYS = 2;

    @TempDir
    Path dir;

    private static int claim(OneToOneRingBuffer ring, long timestamp) {
        int at = ring.tryClaim(RequestEventLayout.MESSAGE_TYPE, RequestEventLayout.bodyLength(KEYS));
        ring.buffer().putLong(at + RequestEventLayout.VERSION_OFFSET,
                RequestEventLayout.head(0, RequestEventLayout.METHOD_GET, 11, 200, KEYS), java.nio.ByteOrder.LITTLE_ENDIAN);
        ring.buffer().putLong(at + RequestEventLayout.SCHEMA_TAG_OFFSET,
                RequestEventLayout.tagAndPresence(RequestEventLayout.schemaTag(SCHEMA), 0), java.nio.ByteOrder.LITTLE_ENDIAN);
        ring.buffer().putLong(at + RequestEventLayout.TIMESTAMP_OFFSET, timestamp, java.nio.ByteOrder.LITTLE_ENDIAN);
        return at;
    }

    @Test
    void shouldResetARingWhoseProducerDiedMidRecordAndReadItsNextOwnersEvents() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 2, 1 << 16);
        List<Long> handled = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 0, e -> handled.add(e.timestampMillis()));
        try (RingOwnership dead = RingOwnership.tryClaim(rings.file(0))) {
            assertNotNull(dead);
            rings.ring(0).commit(claim(rings.ring(0), 1));
            claim(rings.ring(0), 2); // never committed: its owner dies (the lock is dropped)
        }
        try (RingOwnership other = RingOwnership.tryClaim(rings.file(1))) {
            rings.ring(1).commit(claim(rings.ring(1), 3));
        }
        assertEquals(2, consumer.poll(100));
        assertEquals(0, consumer.poll(100), "stalled: seen once");
        consumer.poll(100);
        assertEquals(1, consumer.unblocked(), "repaired once the stall lasted (here: no limit)");
        assertEquals(rings.ring(0).consumerPosition(), rings.ring(0).producerPosition());

        try (RingOwnership next = RingOwnership.tryClaim(rings.file(0))) {
            assertNotNull(next, "the repair gave the ring back");
            rings.ring(0).commit(claim(rings.ring(0), 4));
        }
        assertEquals(1, consumer.poll(100));
        assertEquals(List.of(1L, 3L, 4L), handled);
    }

    @Test
    void shouldSkipPastAStalledLiveProducersClaimWhoseCommitThenFails() throws Exception {
        EventsRing rings = EventsRing.openOrCreate(dir.resolve("events"), 1, 1 << 16);
        List<Long> handled = new ArrayList<>();
        RingConsumer consumer = new RingConsumer(rings, KEYS, SCHEMA, 0, e -> handled.add(e.timestampMillis()));
        try (RingOwnership live = RingOwnership.tryClaim(rings.file(0))) {
            OneToOneRingBuffer ring = rings.ring(0);
            int stalled = claim(ring, 1);
            consumer.poll(100);
            consumer.poll(100);
            assertEquals(1, consumer.unblocked(), "skipped: the owner holds the ring, the head is the consumer's");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ring.commit(stalled));
            assertTrue(e.getMessage().contains("claimed space previously"), e.getMessage());
            ring.commit(claim(ring, 2));
        }
        assertEquals(1, consumer.poll(100));
        assertEquals(List.of(2L), handled);
    }
}

package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forwarder's buffer is bounded: with nobody draining it (Kafka away), events past its
 * capacity are dropped and counted while every event still reaches the local windows.
 */
class EventForwarderTest {

    @TempDir
    Path dir;

    @Test
    void shouldDropAndCountWhatDoesNotFitWhileTheLocalWindowsGetEverything() throws Exception {
        AtomicInteger local = new AtomicInteger();
        EventForwarder forwarder = new EventForwarder(e -> local.incrementAndGet(), 1 << 16);
        List<RequestEvent> events = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            events.add(FleetEvents.request(1_800_000_000_000L + i, 0x0A00_0000L + i, i, i, 200));
        }
        FleetEvents.throughRing(dir, events, forwarder);
        int body = dev.bliss.store.events.RequestEventLayout.bodyLength(FleetEvents.SHIPPED.schema().dimensions().size());
        // Agrona's one-to-one ring keeps room for one more header after its last record, so records
        // that would fill it exactly (version 3's 128 bytes with this schema) fit one less
        int fit = ((1 << 16) - RecordDescriptor.HEADER_LENGTH)
                / org.agrona.BitUtil.align(body + RecordDescriptor.HEADER_LENGTH, RecordDescriptor.ALIGNMENT);
        assertEquals(1_000, local.get(), "every event reached the local windows");
        assertEquals(1_000 - fit, forwarder.dropped());
        assertTrue(forwarder.backlogBytes() >= (1 << 16) - 128, "within a record of full: " + forwarder.backlogBytes());

        int[] drained = new int[1];
        forwarder.buffer().read((type, buffer, index, length) -> drained[0]++, Integer.MAX_VALUE);
        assertEquals(fit, drained[0], "what fitted is intact and in order");
        FleetEvents.throughRing(dir, events.subList(0, 1), forwarder);
        assertEquals(1_000 - fit, forwarder.dropped(), "room again: the next event is taken");
    }
}

package dev.bliss.features.cluster;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.store.events.RequestEventLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's batches: every dimension key's event in the partition Kafka's default partitioner
 * would give the key's bytes, a full batch sent at once, the rest on flush, and each event's
 * fields as the request had them.
 */
class EventBatcherTest {

    private static final long SCHEMA_HASH = FleetEvents.SHIPPED.schema().hash();

    @TempDir
    Path dir;

    private record Sent(int partition, UnsafeBuffer value, int events, long newest) {
    }

    private final List<Sent> sent = new ArrayList<>();

    private EventBatcher batcher(int maxEvents) {
        return new EventBatcher(SCHEMA_HASH, EventProducer.clientIpDimension(FleetEvents.SHIPPED.schema()), maxEvents,
                (partition, batch, length, events, newest) -> {
                    byte[] copy = new byte[length];
                    batch.getBytes(0, copy);
                    sent.add(new Sent(partition, new UnsafeBuffer(copy), events, newest));
                });
    }

    @Test
    void shouldPutEveryKeysEventIntoItsPartitionsBatchAndSendAFullBatchAtOnce() throws Exception {
        EventBatcher batcher = batcher(4);
        batcher.partitions(5);
        List<RequestEvent> requests = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            RequestEvent e = FleetEvents.request(1_800_000_000_000L + i, 0x0A00_0000L + i, 1 + i % 3, i, 200 + i % 2 * 204);
            e.challenge = RequestEventLayout.CHALLENGE_SOLVED;
            requests.add(e);
        }
        FleetEvents.throughRing(dir, requests, batcher::add);
        int full = sent.size();
        assertTrue(full > 0 && sent.stream().allMatch(s -> s.events() == 4), "full batches went at once");
        assertEquals(40 * FleetEvents.KEYED_DIMENSIONS - 4 * full, batcher.pending());
        batcher.flush();
        assertEquals(0, batcher.pending());

        Map<Long, Integer> perAddress = new HashMap<>();
        int events = 0;
        for (Sent s : sent) {
            UnsafeBuffer b = s.value();
            assertEquals(FleetEventLayout.VERSION, b.getByte(FleetEventLayout.VERSION_OFFSET));
            assertEquals(s.events(), FleetEventLayout.count(b));
            assertEquals(RequestEventLayout.schemaTag(SCHEMA_HASH), FleetEventLayout.schemaTag(b));
            assertEquals(FleetEventLayout.length(s.events()), b.capacity());
            long newest = 0;
            for (int i = 0; i < s.events(); i++) {
                int at = FleetEventLayout.eventOffset(i);
                int d = b.getByte(at + FleetEventLayout.DIMENSION_OFFSET);
                long k = b.getLong(at + FleetEventLayout.KEY_OFFSET, LITTLE_ENDIAN);
                assertEquals(Utils.toPositive(Utils.murmur2(FleetKeyLayout.encode(d, k))) % 5, s.partition(),
                        "Kafka's default partitioner's choice for the key");
                long t = b.getLong(at + FleetEventLayout.TIMESTAMP_OFFSET, LITTLE_ENDIAN);
                newest = Math.max(newest, t);
                long ip = b.getLong(at + FleetEventLayout.CLIENT_IP_OFFSET, LITTLE_ENDIAN);
                int i0 = (int) (t - 1_800_000_000_000L);
                assertEquals(0x0A00_0000L + i0, ip, "the request's client address");
                assertEquals(1, b.getByte(at + FleetEventLayout.CLIENT_IP_KNOWN_OFFSET));
                assertEquals(200 + i0 % 2 * 204, b.getShort(at + FleetEventLayout.STATUS_OFFSET, LITTLE_ENDIAN));
                assertEquals(RequestEventLayout.CHALLENGE_SOLVED, b.getByte(at + FleetEventLayout.CHALLENGE_OFFSET));
                assertEquals(11, b.getByte(at + FleetEventLayout.HTTP_VERSION_OFFSET));
                assertEquals(FleetEvents.hash(1 + i0 % 3), b.getLong(at + FleetEventLayout.USER_AGENT_OFFSET, LITTLE_ENDIAN));
                assertEquals(FleetEvents.hash(i0), b.getLong(at + FleetEventLayout.PATH_OFFSET, LITTLE_ENDIAN));
                assertEquals(FleetEvents.hash(i0 >>> 4), b.getLong(at + FleetEventLayout.TEMPLATE_OFFSET, LITTLE_ENDIAN));
                assertEquals(i0, b.getLong(at + FleetEventLayout.PAGE_NUMBER_OFFSET, LITTLE_ENDIAN));
                if (d == 0) {
                    perAddress.merge(k, 1, Integer::sum);
                }
                events++;
            }
            assertEquals(newest, s.newest(), "the record's timestamp: its newest event's");
        }
        assertEquals(40 * FleetEvents.KEYED_DIMENSIONS, events, "every key of every request, once");
        assertEquals(40, perAddress.size());
        assertTrue(perAddress.values().stream().allMatch(n -> n == 1));
    }

    @Test
    void shouldSendWhatItHoldsBeforeTheTopicsPartitionCountChanges() throws Exception {
        EventBatcher batcher = batcher(EventBatcher.eventsFitting(16 * 1024));
        assertEquals(255, EventBatcher.eventsFitting(16 * 1024));
        batcher.partitions(2);
        FleetEvents.throughRing(dir, List.of(FleetEvents.request(1_800_000_000_000L, 7, 1, 1, 200)), batcher::add);
        assertTrue(sent.isEmpty());
        batcher.partitions(3);
        assertEquals(FleetEvents.KEYED_DIMENSIONS, sent.stream().mapToInt(Sent::events).sum(), "sorted for two, sent");
        assertTrue(sent.stream().allMatch(s -> s.partition() < 2));
        assertEquals(3, batcher.partitions());
        assertThrows(IllegalArgumentException.class, () -> batcher.partitions(0));
        assertThrows(IllegalArgumentException.class, () -> batcher(0));
    }
}

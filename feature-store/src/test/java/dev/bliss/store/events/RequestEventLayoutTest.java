package dev.bliss.store.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RequestEventLayoutTest {

    @Test
    void shouldAlignEveryMultiByteFieldNaturally() {
        assertEquals(0, RequestEventLayout.STATUS_OFFSET % Short.BYTES);
        assertEquals(0, RequestEventLayout.SCHEMA_TAG_OFFSET % Integer.BYTES);
        assertEquals(0, RequestEventLayout.KEY_PRESENCE_OFFSET % Integer.BYTES);
        assertEquals(0, RequestEventLayout.TIMESTAMP_OFFSET % Long.BYTES);
        assertEquals(0, RequestEventLayout.USER_AGENT_HASH_OFFSET % Long.BYTES);
        assertEquals(0, RequestEventLayout.PATH_HASH_OFFSET % Long.BYTES);
        assertEquals(0, RequestEventLayout.TEMPLATE_HASH_OFFSET % Long.BYTES);
        assertEquals(0, RequestEventLayout.PAGE_NUMBER_OFFSET % Long.BYTES);
        assertEquals(0, RequestEventLayout.PUBLISH_ORDER_OFFSET % Long.BYTES);
        for (int d = 0; d < RequestEventLayout.MAX_KEYS; d++) {
            assertEquals(0, RequestEventLayout.keyOffset(d) % Long.BYTES);
        }
    }

    @Test
    void shouldPackFieldsWithoutOverlap() {
        assertEquals(RequestEventLayout.PUBLISH_ORDER_OFFSET + Long.BYTES, RequestEventLayout.KEYS_OFFSET);
        assertEquals(RequestEventLayout.PAGE_NUMBER_OFFSET + Long.BYTES, RequestEventLayout.PUBLISH_ORDER_OFFSET);
        assertEquals(RequestEventLayout.TEMPLATE_HASH_OFFSET + Long.BYTES, RequestEventLayout.PAGE_NUMBER_OFFSET);
        assertEquals(RequestEventLayout.PATH_HASH_OFFSET + Long.BYTES, RequestEventLayout.TEMPLATE_HASH_OFFSET);
        assertEquals(RequestEventLayout.USER_AGENT_HASH_OFFSET + Long.BYTES, RequestEventLayout.PATH_HASH_OFFSET);
        assertEquals(RequestEventLayout.TIMESTAMP_OFFSET + Long.BYTES, RequestEventLayout.USER_AGENT_HASH_OFFSET);
        assertEquals(RequestEventLayout.KEY_PRESENCE_OFFSET + Integer.BYTES, RequestEventLayout.TIMESTAMP_OFFSET);
        assertEquals(RequestEventLayout.bodyLength(6), RequestEventLayout.keyOffset(6));
        assertEquals(112, RequestEventLayout.bodyLength(6));
    }

    @Test
    void shouldPackTheFixedPartWhereTheOffsetsSay() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, RequestEventLayout.head(RequestEventLayout.FLAG_TLS | RequestEventLayout.FLAG_COOKIE,
                RequestEventLayout.METHOD_POST, 20, 503, 6));
        b.putLong(8, RequestEventLayout.tagAndPresence(0x89abcdef, 0b101011));
        assertEquals(RequestEventLayout.VERSION, b.get(RequestEventLayout.VERSION_OFFSET));
        assertEquals(RequestEventLayout.FLAG_TLS | RequestEventLayout.FLAG_COOKIE, b.get(RequestEventLayout.FLAGS_OFFSET));
        assertEquals(RequestEventLayout.METHOD_POST, b.get(RequestEventLayout.METHOD_OFFSET));
        assertEquals(20, b.get(RequestEventLayout.HTTP_VERSION_OFFSET));
        assertEquals(503, b.getShort(RequestEventLayout.STATUS_OFFSET));
        assertEquals(6, b.get(RequestEventLayout.KEY_COUNT_OFFSET));
        assertEquals(0, b.get(RequestEventLayout.KEY_COUNT_OFFSET + 1));
        assertEquals(0x89abcdef, b.getInt(RequestEventLayout.SCHEMA_TAG_OFFSET));
        assertEquals(0b101011, b.getInt(RequestEventLayout.KEY_PRESENCE_OFFSET));
    }

    @Test
    void shouldBeVersionThreeSinceThePublishOrder() {
        // version 2 had the keys at 56, version 1 at 40: a consumer must skip such records, not read them here
        assertEquals(3, RequestEventLayout.VERSION);
        assertEquals(64, RequestEventLayout.KEYS_OFFSET);
    }

    @Test
    void shouldAcceptOnlyPowerOfTwoCapacities() {
        assertEquals(1 << 20, RequestEventLayout.checkCapacity(1 << 20));
        assertThrows(IllegalArgumentException.class, () -> RequestEventLayout.checkCapacity(3 << 20));
        assertThrows(IllegalArgumentException.class, () -> RequestEventLayout.checkCapacity(1024));
        assertThrows(IllegalArgumentException.class, () -> RequestEventLayout.checkCapacity(1L << 31));
    }

    @Test
    void shouldRefuseMoreKeysThanPresenceBits() {
        assertEquals(32, RequestEventLayout.checkKeyCount(32));
        assertThrows(IllegalArgumentException.class, () -> RequestEventLayout.checkKeyCount(33));
    }

    @Test
    void shouldPlaceTheRingBesideTheStoreFiles() {
        Path ring = RequestEventLayout.ringFile(Path.of("/dev/shm/bliss/features"));
        assertEquals(Path.of("/dev/shm/bliss/events"), ring);
        assertTrue(RequestEventLayout.schemaTag(0x1234_5678_9abc_def0L) == 0x9abc_def0);
    }
}

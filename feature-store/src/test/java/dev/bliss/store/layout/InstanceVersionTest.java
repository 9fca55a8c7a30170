package dev.bliss.store.layout;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstanceVersionTest {

    @Test
    void shouldRoundTripRandomFields() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            int index = random.nextInt(2);
            long size = 1 + random.nextLong(InstanceVersion.MAX_SIZE);
            long checksum = random.nextLong();
            long version = InstanceVersion.pack(index, size, checksum);
            assertEquals(index, InstanceVersion.index(version));
            assertEquals(size, InstanceVersion.size(version));
            assertEquals(InstanceVersion.checksum24(checksum), InstanceVersion.checksum(version));
            assertTrue(InstanceVersion.isSet(version));
        }
    }

    @Test
    void shouldPackFieldsAtTheirDocumentedBits() {
        long version = InstanceVersion.pack(1, 6048, 0xabcdef_7a5dceL);
        assertEquals(1L | (6048L << 1) | (0x7a5dceL << 40), version);
        assertEquals(InstanceVersion.MAX_SIZE, InstanceVersion.size(InstanceVersion.pack(0, InstanceVersion.MAX_SIZE, 0)));
    }

    @Test
    void shouldTreatZeroAsNothingPublished() {
        assertFalse(InstanceVersion.isSet(InstanceVersion.UNSET));
        assertEquals("unset", InstanceVersion.describe(0));
    }

    @Test
    void shouldRefuseOutOfRangeFields() {
        assertThrows(IllegalArgumentException.class, () -> InstanceVersion.pack(2, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> InstanceVersion.pack(0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> InstanceVersion.pack(0, InstanceVersion.MAX_SIZE + 1, 0));
    }
}

package dev.bliss.store.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The 64-bit checksum of a snapshot's bytes whose low 24 bits go into the version word.
 *
 * <p>Four independent lanes each fold one 8-byte word per step (multiply, rotate), so the CPU
 * overlaps the lanes and the loop runs near memory bandwidth; the lanes and the length are
 * then combined and finalised. It detects corruption and truncation; it is not a
 * cryptographic hash. Allocation-free; any thread.
 */
public final class SnapshotChecksum {

    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final long P1 = 0x9e3779b97f4a7c15L;
    private static final long P2 = 0xc2b2ae3d27d4eb4fL;

    private SnapshotChecksum() {
    }

    /** Checksum of bytes [0, length) of {@code segment}. */
    public static long of(MemorySegment segment, long length) {
        long a = P1, b = P2, c = ~P1, d = ~P2;
        long offset = 0;
        long blockEnd = length & ~31L;
        for (; offset < blockEnd; offset += 32) {
            a = Long.rotateLeft(a + segment.get(WORD, offset) * P2, 31) * P1;
            b = Long.rotateLeft(b + segment.get(WORD, offset + 8) * P2, 31) * P1;
            c = Long.rotateLeft(c + segment.get(WORD, offset + 16) * P2, 31) * P1;
            d = Long.rotateLeft(d + segment.get(WORD, offset + 24) * P2, 31) * P1;
        }
        long h = Long.rotateLeft(a, 1) + Long.rotateLeft(b, 7) + Long.rotateLeft(c, 12) + Long.rotateLeft(d, 18);
        for (; offset < length; offset++) {
            h = (h ^ (segment.get(ValueLayout.JAVA_BYTE, offset) & 0xFF)) * P1;
        }
        h ^= length * P2;
        return KeyHash.mix(h, P1);
    }
}

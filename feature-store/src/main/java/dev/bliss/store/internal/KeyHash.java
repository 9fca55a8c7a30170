package dev.bliss.store.internal;

/**
 * Maps a u64 key to its home slot. The key is mixed with the table's seed through a
 * 64-bit finaliser (xor-shift / multiply rounds), then reduced to [0, capacity) by the high
 * half of a 64x64-bit multiply, which needs no power-of-two capacity and no division.
 * Pure functions, allocation-free.
 */
public final class KeyHash {

    private static final long M1 = 0xbf58476d1ce4e5b9L;
    private static final long M2 = 0x94d049bb133111ebL;

    private KeyHash() {
    }

    /** A well-mixed 64-bit hash of {@code key} under {@code seed}. */
    public static long mix(long key, long seed) {
        long h = key ^ seed;
        h = (h ^ (h >>> 30)) * M1;
        h = (h ^ (h >>> 27)) * M2;
        return h ^ (h >>> 31);
    }

    /** The home slot of {@code key} in a table of {@code capacity} slots. */
    public static long home(long key, long seed, long capacity) {
        return Math.unsignedMultiplyHigh(mix(key, seed), capacity);
    }
}

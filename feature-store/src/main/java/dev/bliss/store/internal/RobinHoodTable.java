package dev.bliss.store.internal;

import dev.bliss.store.layout.FeatureTableLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Lookup and insertion for the table format of {@link FeatureTableLayout}, over a mapped
 * segment. Keys other than 0 only: the caller handles key 0 through the zero slot.
 *
 * <p>Robin Hood invariant: walking forward from any key's home slot, every resident passed
 * is at least as far from its own home as the walker is from the key's. A lookup can
 * therefore stop at the first resident that is closer to its home than the walker (the key
 * would have displaced it), so a miss costs about as many probes as a hit. Lookups are also
 * bounded by the table's recorded maximum displacement, so a corrupt table cannot make a
 * reader loop. Static, allocation-free; lookups are safe from any thread on published data,
 * insertion is the single writer's.
 */
public final class RobinHoodTable {

    /** Returned by {@link #find} when the key is absent. */
    public static final long MISSING = -1L;

    private static final ValueLayout.OfLong KEY = ValueLayout.JAVA_LONG;

    private RobinHoodTable() {
    }

    /** Offset of {@code slot}'s first byte: slots start one stride after the table (zero slot first). */
    public static long slotAddress(long tableOffset, long slot, int stride) {
        return tableOffset + FeatureTableLayout.slotOffset(slot, stride);
    }

    /** How far {@code slot} is from {@code key}'s home, wrapping at capacity. */
    public static long displacement(long key, long slot, long seed, long capacity) {
        long home = KeyHash.home(key, seed, capacity);
        return slot >= home ? slot - home : slot + capacity - home;
    }

    /**
     * Finds a non-zero key.
     *
     * @return the offset of the key's first float in {@code segment}, or {@link #MISSING}
     */
    public static long find(MemorySegment segment, long tableOffset, long capacity, int stride, long seed,
                            int maxDisplacement, long key) {
        long slot = KeyHash.home(key, seed, capacity);
        for (int walked = 0; walked <= maxDisplacement; walked++) {
            long address = slotAddress(tableOffset, slot, stride);
            long resident = segment.get(KEY, address);
            if (resident == key) {
                return address + FeatureTableLayout.VECTOR_OFFSET;
            }
            if (resident == FeatureTableLayout.EMPTY_KEY
                    || displacement(resident, slot, seed, capacity) < walked) {
                return MISSING;
            }
            if (++slot == capacity) {
                slot = 0;
            }
        }
        return MISSING;
    }

    /**
     * Continues a lookup of {@code key} whose home slot {@code slot} was already read and holds
     * {@code resident}, a different key: the tail of {@link #find}, for callers that load the
     * home slot themselves.
     */
    public static long findAfterHome(MemorySegment segment, long tableOffset, long capacity, int stride, long seed,
                                     int maxDisplacement, long key, long slot, long resident) {
        if (resident == FeatureTableLayout.EMPTY_KEY) {
            return MISSING;
        }
        for (int walked = 1; walked <= maxDisplacement; walked++) {
            if (++slot == capacity) {
                slot = 0;
            }
            long address = slotAddress(tableOffset, slot, stride);
            resident = segment.get(KEY, address);
            if (resident == key) {
                return address + FeatureTableLayout.VECTOR_OFFSET;
            }
            if (resident == FeatureTableLayout.EMPTY_KEY
                    || displacement(resident, slot, seed, capacity) < walked) {
                return MISSING;
            }
        }
        return MISSING;
    }

    /**
     * Inserts a key that is not in the table yet, moving residents in Robin Hood order.
     * {@code carry} holds the new slot's bytes (key then vector) on entry and is clobbered;
     * {@code spare} is scratch of the same length. The table must have an empty slot.
     *
     * @return the largest displacement any slot received during this insertion
     */
    public static int insert(MemorySegment segment, long tableOffset, long capacity, int stride, long seed,
                             MemorySegment carry, MemorySegment spare) {
        long key = carry.get(KEY, FeatureTableLayout.KEY_OFFSET);
        long slot = KeyHash.home(key, seed, capacity);
        long walked = 0;
        long maxPlaced = 0;
        while (true) {
            long address = slotAddress(tableOffset, slot, stride);
            long resident = segment.get(KEY, address);
            if (resident == FeatureTableLayout.EMPTY_KEY) {
                MemorySegment.copy(carry, 0, segment, address, stride);
                return (int) Math.max(maxPlaced, walked);
            }
            long residentWalked = displacement(resident, slot, seed, capacity);
            if (residentWalked < walked) {
                // the carried key is further from home: it takes this slot, the resident moves on
                MemorySegment.copy(segment, address, spare, 0, stride);
                MemorySegment.copy(carry, 0, segment, address, stride);
                MemorySegment.copy(spare, 0, carry, 0, stride);
                maxPlaced = Math.max(maxPlaced, walked);
                walked = residentWalked;
            }
            if (++slot == capacity) {
                slot = 0;
            }
            walked++;
        }
    }
}

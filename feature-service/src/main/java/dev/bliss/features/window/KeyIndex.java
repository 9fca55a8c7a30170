package dev.bliss.features.window;

/**
 * An open-addressing map from u64 keys (any value, 0 included) to record numbers, with linear
 * probing and backward-shift deletion, so it has no tombstones and never needs a rehash to stay
 * fast under churn. Key and record sit side by side in one {@code long[]}: a lookup costs one
 * cache miss. It doubles when it is more than {@link #MAX_LOAD} full.
 *
 * <p>Not thread-safe: the aggregator thread only. Allocation only when it grows.
 */
final class KeyIndex {

    /** Load factor beyond which the table doubles. */
    static final double MAX_LOAD = 0.6;
    /** What {@link #find} returns for an absent key. */
    static final int MISSING = -1;

    private static final long FIBONACCI = 0x9E3779B97F4A7C15L;
    private static final long EMPTY = 0;

    /** Pairs: [2s] key, [2s + 1] record + 1 (0 = empty slot). */
    private long[] slots;
    private int mask;
    private int shift;
    private int size;
    private int growAt;

    KeyIndex(int initialCapacity) {
        allocate(Math.max(16, Integer.highestOneBit(Math.max(1, initialCapacity - 1)) << 1));
    }

    private void allocate(int capacity) {
        slots = new long[capacity * 2];
        mask = capacity - 1;
        shift = Long.SIZE - Integer.numberOfTrailingZeros(capacity);
        growAt = (int) (capacity * MAX_LOAD);
    }

    private int home(long key) {
        return (int) ((key * FIBONACCI) >>> shift);
    }

    int size() {
        return size;
    }

    /** Slots in the table (for the memory figure). */
    int capacity() {
        return mask + 1;
    }

    /** The record of {@code key}, or {@link #MISSING}. */
    int find(long key) {
        long[] s = slots;
        for (int i = home(key); ; i = (i + 1) & mask) {
            long record = s[2 * i + 1];
            if (record == EMPTY) {
                return MISSING;
            }
            if (s[2 * i] == key) {
                return (int) (record - 1);
            }
        }
    }

    /** Adds {@code key} → {@code record}; the key must be absent. */
    void insert(long key, int record) {
        if (size >= growAt) {
            grow();
        }
        long[] s = slots;
        int i = home(key);
        while (s[2 * i + 1] != EMPTY) {
            i = (i + 1) & mask;
        }
        s[2 * i] = key;
        s[2 * i + 1] = record + 1L;
        size++;
    }

    /** Removes {@code key} if present, shifting later members of its cluster back into the hole. */
    void remove(long key) {
        long[] s = slots;
        int i = home(key);
        while (true) {
            if (s[2 * i + 1] == EMPTY) {
                return;
            }
            if (s[2 * i] == key) {
                break;
            }
            i = (i + 1) & mask;
        }
        int hole = i;
        for (int j = (hole + 1) & mask; s[2 * j + 1] != EMPTY; j = (j + 1) & mask) {
            int h = home(s[2 * j]);
            // j's entry may move to the hole when its home is not in (hole, j], cyclically
            boolean movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
            if (movable) {
                s[2 * hole] = s[2 * j];
                s[2 * hole + 1] = s[2 * j + 1];
                hole = j;
            }
        }
        s[2 * hole] = 0;
        s[2 * hole + 1] = EMPTY;
        size--;
    }

    private void grow() {
        long[] old = slots;
        allocate((mask + 1) * 2);
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] != EMPTY) {
                insert(old[i], (int) (old[i + 1] - 1));
            }
        }
    }
}

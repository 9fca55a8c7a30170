package dev.bliss.store.layout;

/**
 * Layout of one dimension's feature table inside a data file: an open-addressing hash table
 * (linear probing, Robin Hood ordering) whose slots hold a u64 key followed by its f32 vector.
 *
 * <pre>
 * table offset T (a DataFileLayout.TABLE_ALIGNMENT multiple):
 *
 *  T                 +----------------------------------------------+
 *                    | zero slot: vector of key 0 (its key word unused) |
 *  T + stride        +----------------------------------------------+
 *  slot s at         | key (u64) | f0 (f32) | f1 | ... | f(L-1) | pad |   stride = align8(8 + 4L)
 *  T + (1+s)*stride  +----------------------------------------------+
 *                    | ... capacity slots                           |
 *                    +----------------------------------------------+
 * </pre>
 *
 * <ul>
 *   <li>Key 0 marks an empty slot, so a table is initialised by zero-filling it; the real key 0
 *       is stored in the zero slot and flagged in the directory entry. Every u64 is a valid key.
 *   <li>A key's home slot is {@code hi64(mix(key ^ seed) * capacity)}; the seed is per table.
 *       Collisions probe forward, wrapping at capacity. Robin Hood order (a resident is never
 *       displaced less than a key that passes it) lets a miss stop early.
 *   <li>The key and its vector are adjacent: a hit costs the miss on the key's line plus the
 *       vector's lines, which follow it (32 floats: 136-byte slots, three lines).
 *   <li>Capacity is at least {@code keys / MAX_LOAD_FACTOR}, so probes stay short.
 * </ul>
 */
public final class FeatureTableLayout {

    /** Slot offset of the key word. */
    public static final int KEY_OFFSET = 0;
    /** Slot offset of the first float. */
    public static final int VECTOR_OFFSET = 8;
    /** Slots are multiples of this, so every key word is 8-byte aligned. */
    public static final int SLOT_ALIGNMENT = 8;
    /** The key value that marks an empty slot. */
    public static final long EMPTY_KEY = 0L;
    /** Keys per slot at most (the builder sizes tables so the load stays at or below this). */
    public static final double MAX_LOAD_FACTOR = 0.7;
    /** Upper bound on floats per key. */
    public static final int MAX_VECTOR_LENGTH = 1 << 16;

    private FeatureTableLayout() {
    }

    /** Slot stride in bytes for vectors of {@code vectorLength} floats. */
    public static int slotStride(int vectorLength) {
        int raw = VECTOR_OFFSET + Float.BYTES * vectorLength;
        return (raw + SLOT_ALIGNMENT - 1) & -SLOT_ALIGNMENT;
    }

    /** Number of slots for at most {@code maxKeys} non-zero keys: at least one, load at most 0.7. */
    public static long capacityFor(long maxKeys) {
        return Math.max(1L, (long) Math.ceil(maxKeys / MAX_LOAD_FACTOR));
    }

    /** Bytes of a table: the zero slot plus {@code capacity} slots. */
    public static long tableLength(long capacity, int stride) {
        return (capacity + 1) * stride;
    }

    /** Offset of slot {@code slot} from the table offset. */
    public static long slotOffset(long slot, int stride) {
        return (slot + 1) * stride;
    }

    /** Offset of the zero slot's vector from the table offset. */
    public static long zeroSlotVectorOffset() {
        return VECTOR_OFFSET;
    }

    /**
     * Checks a directory entry against the snapshot size.
     *
     * @return null when valid, otherwise why not
     */
    public static String check(long tableOffset, long capacity, long keyCount, int vectorLength,
                               int stride, int maxDisplacement, long headerLength, long size) {
        if (vectorLength < 0 || vectorLength > MAX_VECTOR_LENGTH) {
            return "vector length " + vectorLength + " out of [0, " + MAX_VECTOR_LENGTH + "]";
        }
        if (stride != slotStride(vectorLength)) {
            return "slot stride " + stride + ", expected " + slotStride(vectorLength);
        }
        if (capacity < 1 || capacity > InstanceVersion.MAX_SIZE / stride) {
            return "capacity " + capacity + " out of range";
        }
        if (keyCount < 0 || keyCount > capacity + 1) {
            return "key count " + keyCount + " exceeds capacity " + capacity;
        }
        if (maxDisplacement < 0 || maxDisplacement >= capacity) {
            return "max displacement " + maxDisplacement + " out of [0, " + capacity + ")";
        }
        if (tableOffset % DataFileLayout.TABLE_ALIGNMENT != 0 || tableOffset < headerLength) {
            return "table offset " + tableOffset + " misaligned or inside the header";
        }
        long length = tableLength(capacity, stride);
        if (tableOffset > size || length > size - tableOffset) {
            return "table [" + tableOffset + ", +" + length + ") exceeds snapshot size " + size;
        }
        return null;
    }
}

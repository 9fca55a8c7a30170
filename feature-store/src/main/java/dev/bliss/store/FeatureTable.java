package dev.bliss.store;

import dev.bliss.store.internal.KeyHash;
import dev.bliss.store.internal.RobinHoodTable;
import dev.bliss.store.layout.FeatureTableLayout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * One dimension's table in a snapshot: u64 key → fixed-length float vector, read in place from
 * the mapped data file (zero-copy). A flyweight made once per snapshot version; valid while a
 * {@link ReadGuard} on that snapshot is open.
 *
 * <pre>{@code
 * long at = table.find(key);                 // FeatureTable.MISSING when absent
 * if (at != FeatureTable.MISSING) {
 *     float rate = table.feature(at, 3);     // one feature
 *     table.copyVector(at, input, 40);       // or all of them
 * }
 * boolean hit = table.copyTo(key, input, 40); // find and copy in one call
 * }</pre>
 *
 * <p>Every method is allocation-free and safe from any thread that holds a guard on the
 * snapshot. Every u64 is a valid key, 0 included; a miss is {@link #MISSING} or {@code false},
 * never a default vector. The table was bounds-checked once when its snapshot was validated, so
 * lookups do no per-call validation beyond the segment's own bounds checks.
 */
public final class FeatureTable {

    /** What {@link #find} returns for an absent key. Offsets of hits are never negative. */
    public static final long MISSING = RobinHoodTable.MISSING;

    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;
    private static final ValueLayout.OfLong KEY = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final int CACHE_LINE = 64;

    private final int dimension;
    private final String name;
    private final List<String> featureNames;
    private final MemorySegment segment;
    private final long tableOffset;
    private final long capacity;
    private final long seed;
    private final int stride;
    private final int vectorLength;
    private final int maxDisplacement;
    private final long keyCount;
    private final long zeroVector;
    private final int nearLine;
    private final int farByte;
    /** Always 0, but a field the JIT cannot fold: keeps the line-touching loads in find alive. */
    private final long touchMask;

    FeatureTable(int dimension, String name, List<String> featureNames, MemorySegment segment, long tableOffset,
                 long capacity, long seed, int stride, int maxDisplacement, long keyCount, boolean zeroKeyPresent) {
        this.dimension = dimension;
        this.name = name;
        this.featureNames = featureNames;
        this.segment = segment;
        this.tableOffset = tableOffset;
        this.capacity = capacity;
        this.seed = seed;
        this.stride = stride;
        this.vectorLength = featureNames.size();
        this.maxDisplacement = maxDisplacement;
        this.keyCount = keyCount;
        this.zeroVector = zeroKeyPresent ? tableOffset + FeatureTableLayout.zeroSlotVectorOffset() : MISSING;
        this.nearLine = Math.min(CACHE_LINE, stride - 1);
        this.farByte = stride - 1;
        this.touchMask = 0;
    }

    /**
     * Finds {@code key}.
     *
     * @return the offset of the key's vector (pass it to {@link #feature} or {@link #copyVector}),
     *         or {@link #MISSING}
     */
    public long find(long key) {
        if (key == FeatureTableLayout.EMPTY_KEY) {
            return zeroVector;
        }
        long slot = KeyHash.home(key, seed, capacity);
        long address = RobinHoodTable.slotAddress(tableOffset, slot, stride);
        // Request the home slot's other lines together with its key line. Without this, a
        // mispredicted probe branch delays the vector's lines until the key has arrived: a second
        // miss in series. Both paths depend on `touched` (always 0), so the loads stay, early.
        long touched = (segment.get(BYTE, address + nearLine) + segment.get(BYTE, address + farByte)) & touchMask;
        long resident = segment.get(KEY, address);
        if (resident == key) {
            return address + FeatureTableLayout.VECTOR_OFFSET + touched;
        }
        return RobinHoodTable.findAfterHome(segment, tableOffset, capacity, stride, seed, maxDisplacement, key,
                slot + touched, resident);
    }

    /**
     * Copies {@code key}'s vector into {@code destination} from {@code offset}.
     *
     * @return true on a hit; false on a miss, leaving {@code destination} untouched
     */
    public boolean copyTo(long key, float[] destination, int offset) {
        long at = find(key);
        if (at == MISSING) {
            return false;
        }
        copyVector(at, destination, offset);
        return true;
    }

    /** Feature {@code index} of the vector at {@code vectorOffset} (from {@link #find}). */
    public float feature(long vectorOffset, int index) {
        if (index < 0 || index >= vectorLength) {
            throw new IndexOutOfBoundsException(index);
        }
        return segment.get(FLOAT, vectorOffset + (long) index * Float.BYTES);
    }

    /** Copies the vector at {@code vectorOffset} (from {@link #find}) into {@code destination}. */
    public void copyVector(long vectorOffset, float[] destination, int offset) {
        MemorySegment.copy(segment, FLOAT, vectorOffset, destination, offset, vectorLength);
    }

    /** {@code key}'s home slot (keys other than 0). */
    long homeSlot(long key) {
        return KeyHash.home(key, seed, capacity);
    }

    /** Address of slot {@code slot}'s key word. */
    long slotAddress(long slot) {
        return RobinHoodTable.slotAddress(tableOffset, slot, stride);
    }

    /** Whether a probe that has walked {@code walked} slots past the key's home to {@code slot},
     *  finding {@code resident} there, can stop: the key would have been placed by now. */
    boolean probeEnds(long resident, long slot, int walked) {
        return resident == FeatureTableLayout.EMPTY_KEY || walked > maxDisplacement
                || RobinHoodTable.displacement(resident, slot, seed, capacity) < walked;
    }

    /** The slot after {@code slot}, wrapping. */
    long nextSlot(long slot) {
        long next = slot + 1;
        return next == capacity ? 0 : next;
    }

    /** The zero slot's vector offset, or MISSING when key 0 is absent. */
    long zeroVector() {
        return zeroVector;
    }

    MemorySegment segment() {
        return segment;
    }

    int stride() {
        return stride;
    }

    /** This table's dimension index in its snapshot. */
    public int dimension() {
        return dimension;
    }

    /** The dimension's name, e.g. {@code ip}. */
    public String name() {
        return name;
    }

    /** Names of the vector's features, in order. */
    public List<String> featureNames() {
        return featureNames;
    }

    /** Floats per key. */
    public int vectorLength() {
        return vectorLength;
    }

    /** Number of keys, key 0 included when present. */
    public long keyCount() {
        return keyCount;
    }

    /** Number of slots. */
    public long capacity() {
        return capacity;
    }

    /** Most slots any key sits beyond its home slot. */
    public int maxDisplacement() {
        return maxDisplacement;
    }
}

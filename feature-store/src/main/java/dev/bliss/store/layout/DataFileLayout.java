package dev.bliss.store.layout;

/**
 * Layout of a data file {@code P_data_0} / {@code P_data_1}: one snapshot, made of a header,
 * a directory entry per dimension, the names, then one feature table per dimension.
 *
 * <pre>
 * offset          size
 *      0             8  magic "BLISSFT1"
 *      8             4  format version (FORMAT_VERSION)
 *     12             4  dimension count D
 *     16             8  schema hash, supplied by the writer's caller
 *     24             8  created-at, epoch milliseconds
 *     32             8  snapshot sequence
 *     40             8  header length H: where the first table may start (TABLE_ALIGNMENT multiple)
 *     48             8  snapshot size S: bytes [0, S) are the snapshot (equals the version's size)
 *     56             8  (zero)
 *     64        64 * D  dimension directory, entry d at directoryEntryOffset(d):
 *                          +0  8  table offset (TABLE_ALIGNMENT multiple), see FeatureTableLayout
 *                          +8  8  capacity: number of slots
 *                         +16  8  key count
 *                         +24  8  hash seed
 *                         +32  4  vector length L (floats per key)
 *                         +36  4  slot stride in bytes
 *                         +40  4  max displacement: probes beyond the home slot any key needs
 *                         +44  4  flags: bit 0 = key 0 is present (it lives in the zero slot)
 *                         +48  4  names offset (from file start)
 *                         +52  4  names length in bytes
 *                         +56  8  (zero)
 *  64+64*D             N  names: per dimension, its name then its L feature names, each as
 *                          u16 byte length + UTF-8 bytes
 *        H   ...          tables, each at its table offset
 *        S                end of the snapshot (the file may be longer: files never shrink)
 * </pre>
 */
public final class DataFileLayout {

    /** "BLISSFT1" read as a little-endian long. */
    public static final long MAGIC = 0x3154465353494c42L;
    /** The only format version this code reads and writes. */
    public static final int FORMAT_VERSION = 1;

    public static final int MAGIC_OFFSET = 0;
    public static final int FORMAT_VERSION_OFFSET = 8;
    public static final int DIMENSION_COUNT_OFFSET = 12;
    public static final int SCHEMA_HASH_OFFSET = 16;
    public static final int CREATED_AT_OFFSET = 24;
    public static final int SEQUENCE_OFFSET = 32;
    public static final int HEADER_LENGTH_OFFSET = 40;
    public static final int SNAPSHOT_SIZE_OFFSET = 48;
    /** Length of the fixed header; the directory follows it. */
    public static final int FIXED_HEADER_LENGTH = 64;

    /** Length of one directory entry (one cache line). */
    public static final int DIRECTORY_ENTRY_LENGTH = 64;
    public static final int ENTRY_TABLE_OFFSET = 0;
    public static final int ENTRY_CAPACITY = 8;
    public static final int ENTRY_KEY_COUNT = 16;
    public static final int ENTRY_HASH_SEED = 24;
    public static final int ENTRY_VECTOR_LENGTH = 32;
    public static final int ENTRY_SLOT_STRIDE = 36;
    public static final int ENTRY_MAX_DISPLACEMENT = 40;
    public static final int ENTRY_FLAGS = 44;
    public static final int ENTRY_NAMES_OFFSET = 48;
    public static final int ENTRY_NAMES_LENGTH = 52;

    /** Flag bit: the table holds key 0 (in its zero slot). */
    public static final int FLAG_ZERO_KEY_PRESENT = 1;

    /** Tables start on page boundaries, so a table could later be mapped with huge pages. */
    public static final int TABLE_ALIGNMENT = 4096;

    /** Upper bound on dimensions, so a corrupt count cannot make a reader loop for long. */
    public static final int MAX_DIMENSIONS = 4096;
    /** Upper bound on a name's UTF-8 length (the u16 length prefix). */
    public static final int MAX_NAME_BYTES = 0xFFFF;

    private DataFileLayout() {
    }

    /** Offset of dimension {@code d}'s directory entry. */
    public static long directoryEntryOffset(int d) {
        return FIXED_HEADER_LENGTH + (long) d * DIRECTORY_ENTRY_LENGTH;
    }

    /** Offset where the names area starts for {@code dimensionCount} dimensions. */
    public static long namesOffset(int dimensionCount) {
        return directoryEntryOffset(dimensionCount);
    }

    /** Bytes one name takes in the names area. */
    public static int encodedNameLength(int utf8Length) {
        return 2 + utf8Length;
    }

    /** The header length for a names area of {@code namesLength} bytes. */
    public static long headerLength(int dimensionCount, long namesLength) {
        return alignTable(namesOffset(dimensionCount) + namesLength);
    }

    /** Rounds {@code offset} up to the next {@link #TABLE_ALIGNMENT} multiple. */
    public static long alignTable(long offset) {
        return (offset + TABLE_ALIGNMENT - 1) & -(long) TABLE_ALIGNMENT;
    }

    /**
     * Checks the fixed header against the snapshot size from the version word.
     *
     * @return null when valid, otherwise why not
     */
    public static String checkHeader(long magic, int formatVersion, int dimensionCount,
                                     long headerLength, long recordedSize, long size) {
        if (magic != MAGIC) {
            return "bad magic 0x" + Long.toHexString(magic);
        }
        if (formatVersion != FORMAT_VERSION) {
            return "format version " + formatVersion + ", this reader knows " + FORMAT_VERSION;
        }
        if (dimensionCount < 0 || dimensionCount > MAX_DIMENSIONS) {
            return "dimension count " + dimensionCount + " out of [0, " + MAX_DIMENSIONS + "]";
        }
        if (recordedSize != size) {
            return "header says " + recordedSize + " bytes, version says " + size;
        }
        if (headerLength < namesOffset(dimensionCount) || headerLength > size
                || headerLength % TABLE_ALIGNMENT != 0) {
            return "header length " + headerLength + " out of bounds for size " + size;
        }
        return null;
    }
}

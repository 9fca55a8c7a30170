package dev.bliss.store.layout;

/**
 * Packs and unpacks the 64-bit instance version word that the writer publishes in the state
 * file and readers load to find the current data.
 *
 * <pre>
 *  63                      40 39                                        1   0
 * +--------------------------+-------------------------------------------+---+
 * |   checksum (24 bits)     |         data size in bytes (39 bits)      | i |
 * +--------------------------+-------------------------------------------+---+
 *   low 24 bits of the          bytes [0, size) of P_data_i hold the       data file
 *   64-bit checksum of the      snapshot; at most 2^39 - 1 (~549 GB)       index, 0 or 1
 *   snapshot's bytes
 * </pre>
 *
 * <p>The value {@link #UNSET} (0) means nothing has been published. A real version is never 0
 * because a snapshot is never empty: its header alone has a non-zero size.
 *
 * <p>The checksum is part of the word so that two writes of the same size to the same file
 * still produce different words (readers notice the change with one load); it is verified by
 * tools and optionally by readers, never per lookup.
 */
public final class InstanceVersion {

    /** Width of the data file index field. */
    public static final int INDEX_BITS = 1;
    /** Width of the size field. */
    public static final int SIZE_BITS = 39;
    /** Width of the checksum field. */
    public static final int CHECKSUM_BITS = 24;

    /** Bit position of the index field. */
    public static final int INDEX_SHIFT = 0;
    /** Bit position of the size field. */
    public static final int SIZE_SHIFT = INDEX_SHIFT + INDEX_BITS;
    /** Bit position of the checksum field. */
    public static final int CHECKSUM_SHIFT = SIZE_SHIFT + SIZE_BITS;

    /** Largest data size a version can describe: 2^39 - 1 bytes. */
    public static final long MAX_SIZE = (1L << SIZE_BITS) - 1;
    /** Mask of the 24 checksum bits once shifted down. */
    public static final int CHECKSUM_MASK = (1 << CHECKSUM_BITS) - 1;
    /** Number of data files a version can point at. */
    public static final int DATA_FILE_COUNT = 1 << INDEX_BITS;

    /** The version word before the first publication. */
    public static final long UNSET = 0L;

    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private InstanceVersion() {
    }

    /**
     * Builds a version word.
     *
     * @param index data file index, 0 or 1
     * @param size snapshot size in bytes, 1 to {@link #MAX_SIZE}
     * @param checksum64 a 64-bit checksum of the snapshot's bytes; its low 24 bits are kept
     * @throws IllegalArgumentException when index or size are out of range
     */
    public static long pack(int index, long size, long checksum64) {
        if (index < 0 || index >= DATA_FILE_COUNT) {
            throw new IllegalArgumentException("data file index must be 0 or 1: " + index);
        }
        if (size <= 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException("size must be in [1, 2^39 - 1]: " + size);
        }
        return ((checksum64 & CHECKSUM_MASK) << CHECKSUM_SHIFT)
                | (size << SIZE_SHIFT)
                | ((long) index << INDEX_SHIFT);
    }

    /** Whether the word names published data (it is not {@link #UNSET}). */
    public static boolean isSet(long version) {
        return version != UNSET;
    }

    /** The data file index, 0 or 1. */
    public static int index(long version) {
        return (int) ((version >>> INDEX_SHIFT) & INDEX_MASK);
    }

    /** The snapshot size in bytes. */
    public static long size(long version) {
        return (version >>> SIZE_SHIFT) & MAX_SIZE;
    }

    /** The 24-bit checksum. */
    public static int checksum(long version) {
        return (int) ((version >>> CHECKSUM_SHIFT) & CHECKSUM_MASK);
    }

    /** The 24 bits of a 64-bit checksum that a version word keeps. */
    public static int checksum24(long checksum64) {
        return (int) (checksum64 & CHECKSUM_MASK);
    }

    /** A readable form for logs and the CLI, e.g. {@code index=1 size=4096 checksum=0x1a2b3c}. */
    public static String describe(long version) {
        if (!isSet(version)) {
            return "unset";
        }
        return "index=" + index(version) + " size=" + size(version)
                + " checksum=0x" + String.format("%06x", checksum(version));
    }
}

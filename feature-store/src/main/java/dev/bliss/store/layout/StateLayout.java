package dev.bliss.store.layout;

/**
 * Layout of the state file {@code P_state}: the published version word and one active-reader
 * counter per data file, shared read-write by the writer and every reader process.
 *
 * <pre>
 * offset  size
 *      0     8  instance version (see InstanceVersion); 0 = nothing published
 *      8     4  writing: 0 when idle, 1 + index of the data file being rewritten
 *     12     4  (zero)
 *     16     8  magic, identifies a bliss state file of this layout
 *     24     8  pid of the writer that last opened the store (informational)
 *     32    96  (zero) -- the line above is read-mostly: loaded on every acquire
 *    128     4  active readers of P_data_0 (unsigned 32-bit)
 *    132   124  (zero)
 *    256     4  active readers of P_data_1 (unsigned 32-bit)
 *    260   124  (zero)
 *    384        end
 * </pre>
 *
 * <p>Each counter sits alone in a 128-byte block (two cache lines, so the adjacent-line
 * prefetcher does not pair it with a neighbour): a reader's increment must not invalidate the
 * line every other reader loads the version from, nor the other file's counter. The version
 * and writing words share the first line because both change only when the writer publishes.
 *
 * <p>This layout is not binary compatible with the 16-byte state of Cloudflare's mmap-sync;
 * the version word's bit packing is.
 */
public final class StateLayout {

    /** Offset of the 64-bit instance version. */
    public static final int VERSION_OFFSET = 0;
    /** Offset of the 32-bit writing marker: 0, or 1 + the index being rewritten. */
    public static final int WRITING_OFFSET = 8;
    /** Offset of the 64-bit magic. */
    public static final int MAGIC_OFFSET = 16;
    /** Offset of the 64-bit writer pid. */
    public static final int WRITER_PID_OFFSET = 24;

    /** Distance between counters, and from the version line to the first counter. */
    public static final int COUNTER_BLOCK = 128;
    /** Offset of the first reader counter. */
    public static final int READERS_OFFSET = COUNTER_BLOCK;

    /** Length of the state file in bytes. */
    public static final int LENGTH = READERS_OFFSET + InstanceVersion.DATA_FILE_COUNT * COUNTER_BLOCK;

    /** "BLISSST1" read as a little-endian long. */
    public static final long MAGIC = 0x3154535353494c42L;

    /** Value of the writing word when no data file is being rewritten. */
    public static final int NOT_WRITING = 0;

    private StateLayout() {
    }

    /** Offset of the active-reader counter of data file {@code index}. */
    public static int readerCountOffset(int index) {
        return READERS_OFFSET + index * COUNTER_BLOCK;
    }

    /** The writing word that says data file {@code index} is being rewritten. */
    public static int writingMarker(int index) {
        return index + 1;
    }

    /**
     * Checks a mapped state file's length and magic.
     *
     * @return null when valid, otherwise why not
     */
    public static String check(long fileLength, long magic) {
        if (fileLength != LENGTH) {
            return "state file length is " + fileLength + " bytes, expected " + LENGTH;
        }
        if (magic != MAGIC) {
            return "state file magic is 0x" + Long.toHexString(magic) + ", expected 0x"
                    + Long.toHexString(MAGIC) + " (not initialised by a bliss writer yet?)";
        }
        return null;
    }
}

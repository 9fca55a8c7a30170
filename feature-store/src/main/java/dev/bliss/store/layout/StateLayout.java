package dev.bliss.store.layout;

/**
 * Layout of the state file {@code P_state} (layout 2): the published version word, the writing
 * marker, and one slot per reader handle in which that handle announces the data file it pins.
 * Shared read-write by the writer and every reader process.
 *
 * <pre>
 * offset  size
 *      0     8  instance version (see InstanceVersion); 0 = nothing published
 *      8     4  writing: 0 when idle, 1 + index of the data file being rewritten
 *     12     4  (zero)
 *     16     8  magic "BLISSST2", identifies a bliss state file of this layout
 *     24     8  pid of the writer that last opened the store (informational)
 *     32    96  (zero) -- the line above is read-mostly: loaded on every acquire
 *    128   256  (zero) -- where layout 1 kept its two reader counters
 *    384        slot 0   (128 bytes each, SLOT_COUNT of them)
 *                 +0  8  pin: written only by the slot's owner (see pin())
 *                 +8  8  abandoned: written only by the writer, the pin it stopped waiting for
 *                +16 112 (zero)
 *    512        slot 1
 *    ...
 *  33152        end
 * </pre>
 *
 * <pre>
 *  pin word   63                                                2 1   0
 *            +----------------------------------------------------+-----+
 *            |            generation (62 bits, owner's count)      | 1+i |   0 = no pin
 *            +----------------------------------------------------+-----+
 * </pre>
 *
 * <p>Why slots and not a counter per data file: a counter is changed with read-modify-writes
 * (compare-and-set, get-and-add), and a read-modify-write on a page lost to a truncation by
 * another process kills an interpreted JVM (HotSpot turns the SIGBUS into an error only for
 * plain and volatile loads and stores). A slot has one writer, its owner, so pins are plain
 * volatile stores. Ownership is an open-file-description lock on the slot's 128 bytes
 * ({@code fcntl(F_OFD_SETLK)}), which the kernel drops when its owner dies.
 *
 * <p>Why the abandoned word and the generation: after its grace period the writer must stop
 * waiting for a pin without writing the owner's word (the owner may be storing into it at that
 * moment, and a blind store of 0 could erase a newer pin). It records the exact pin word it gave
 * up on; the owner's next pin carries a new generation and counts again.
 *
 * <p>Each slot sits alone in a 128-byte block (two cache lines, so the adjacent-line prefetcher
 * does not pair it with a neighbour): a pin must not invalidate the line every reader loads the
 * version from, nor another handle's slot. The gap at 128 keeps a reader of layout 1 that is
 * still running from writing into a slot.
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

    /** Size of a slot's block, and of the version line's block. */
    public static final int SLOT_BLOCK = 128;
    /** How many reader handles, over all processes, can use one store at a time. */
    public static final int SLOT_COUNT = 256;
    /** Offset of slot 0: after the version line and the two blocks layout 1 used for counters. */
    public static final int SLOTS_OFFSET = 3 * SLOT_BLOCK;
    /** Offset of a slot's pin word within its block. */
    public static final int PIN_OFFSET = 0;
    /** Offset of a slot's abandoned word within its block. */
    public static final int ABANDONED_OFFSET = 8;

    /** Length of the state file in bytes. */
    public static final int LENGTH = SLOTS_OFFSET + SLOT_COUNT * SLOT_BLOCK;

    /** "BLISSST2" read as a little-endian long. */
    public static final long MAGIC = 0x3254535353494c42L;
    /** "BLISSST1": layout 1, 384 bytes with one shared reader counter per data file. */
    public static final long MAGIC_LAYOUT_1 = 0x3154535353494c42L;

    /** Value of the writing word when no data file is being rewritten. */
    public static final int NOT_WRITING = 0;
    /** Value of a pin word when its slot pins nothing. */
    public static final long NO_PIN = 0;

    private static final int PIN_INDEX_BITS = 2;
    private static final long PIN_INDEX_MASK = (1L << PIN_INDEX_BITS) - 1;
    /** Largest generation a pin word holds; owners wrap to 1 past it (after 2^62 pins). */
    public static final long MAX_GENERATION = (1L << (Long.SIZE - PIN_INDEX_BITS)) - 1;

    private StateLayout() {
    }

    /** Offset of slot {@code slot}'s block (its lock range is the whole block). */
    public static long slotOffset(int slot) {
        return SLOTS_OFFSET + (long) slot * SLOT_BLOCK;
    }

    /** Offset of slot {@code slot}'s pin word. */
    public static long pinOffset(int slot) {
        return slotOffset(slot) + PIN_OFFSET;
    }

    /** Offset of slot {@code slot}'s abandoned word. */
    public static long abandonedOffset(int slot) {
        return slotOffset(slot) + ABANDONED_OFFSET;
    }

    /** The pin word that says data file {@code index} is pinned, with the owner's {@code generation} (1..MAX_GENERATION). */
    public static long pin(long generation, int index) {
        return generation << PIN_INDEX_BITS | (index + 1);
    }

    /** The data file a pin word pins, or -1 for {@link #NO_PIN}. */
    public static int pinnedIndex(long pin) {
        return (int) (pin & PIN_INDEX_MASK) - 1;
    }

    /** The generation of a pin word. */
    public static long generation(long pin) {
        return pin >>> PIN_INDEX_BITS;
    }

    /** The writing word that says data file {@code index} is being rewritten. */
    public static int writingMarker(int index) {
        return index + 1;
    }

    /**
     * Checks a state file's length and magic.
     *
     * @param magic the 8 bytes at {@link #MAGIC_OFFSET}, or 0 when the file is shorter
     * @return null when valid, otherwise why not
     */
    public static String check(long fileLength, long magic) {
        if (magic == MAGIC_LAYOUT_1) {
            return "state file has layout 1 (magic BLISSST1: shared reader counters, written by an earlier bliss);"
                    + " this version reads layout 2 (per-reader slots). Start the feature service of this version,"
                    + " whose writer re-creates the file, and restart readers of the earlier version";
        }
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

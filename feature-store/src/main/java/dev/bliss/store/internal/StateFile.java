package dev.bliss.store.internal;

import dev.bliss.store.layout.StateLayout;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The mapped state file ({@link StateLayout}) with every atomic access the protocol uses.
 *
 * <p>Every access is a load or a store, never a read-modify-write: another process may cut the
 * file short at any moment, and HotSpot turns the resulting SIGBUS into an {@link InternalError}
 * only for loads, stores and copies; an interpreted compare-and-set or get-and-add on a lost page
 * aborts the JVM. Each word has one writer (the version, the marker and the abandoned words the
 * writer; a slot's pin word its owner), so stores suffice. The stores the protocol orders
 * against a later load of another word (a pin against the version re-load, the writing marker
 * against the writer's slot scan) are volatile, a store followed by a full fence: the protocol
 * needs store-load ordering between processes. The mapping is page-aligned, so every offset in
 * {@link StateLayout} is naturally aligned as the access modes require. One instance per
 * process and role; thread-safe.
 */
public final class StateFile implements AutoCloseable {

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final Arena arena;
    private final MemorySegment segment;

    private StateFile(Arena arena, MemorySegment segment) {
        this.arena = arena;
        this.segment = segment;
    }

    /** Maps an existing state file read-write; fails with a reason if it is not a valid one. */
    public static StateFile map(Path path) throws IOException {
        return map(path, path);
    }

    /**
     * Maps the state file opened through {@code open} (e.g. {@code /proc/self/fd/N}, to map the
     * very inode a descriptor holds), naming it {@code name} in errors.
     */
    public static StateFile map(Path open, Path name) throws IOException {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(open, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long length = channel.size();
            if (length != StateLayout.LENGTH) {
                throw new IOException(name + ": " + StateLayout.check(length, readMagic(channel)));
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, length, arena);
            StateFile state = new StateFile(arena, segment);
            String problem = StateLayout.check(length, state.lvMagic());
            if (problem != null) {
                arena.close();
                throw new IOException(name + ": " + problem);
            }
            return state;
        } catch (IOException | RuntimeException e) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
            throw e;
        }
    }

    /** The magic of a file of any length through a read (not a mapping), 0 when too short. */
    private static long readMagic(FileChannel channel) throws IOException {
        java.nio.ByteBuffer magic = java.nio.ByteBuffer.allocate(Long.BYTES).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (magic.hasRemaining()) {
            if (channel.read(magic, StateLayout.MAGIC_OFFSET + magic.position()) < 0) {
                return 0;
            }
        }
        return magic.getLong(0);
    }

    /**
     * Creates or repairs the state file for a writer that holds the writer lock: a file of the
     * wrong length or magic is reset to zeros (no reader can be using it), a valid one is kept
     * (readers may be inside), and the writing marker is cleared (a previous writer may have
     * died mid-write).
     */
    public static StateFile createForWriter(Path path, long pid) throws IOException {
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.CREATE)) {
            long length = channel.size();
            boolean fresh = length != StateLayout.LENGTH;
            if (readMagic(channel) == StateLayout.MAGIC_LAYOUT_1) {
                System.getLogger("dev.bliss.store").log(System.Logger.Level.WARNING, "state file " + path
                        + " has layout 1 (shared reader counters, written by an earlier bliss); re-created with"
                        + " layout 2 (per-reader slots). Readers of the earlier version that still map it are not"
                        + " waited for: restart them");
            }
            if (fresh) {
                // never shrink below the layout: a reader may have this inode mapped (a truncation
                // by someone else is what brought us here); zeros written over the layout's
                // length bring its pages back, and only bytes past it are cut
                channel.write(java.nio.ByteBuffer.allocate(StateLayout.LENGTH), 0);
                if (length > StateLayout.LENGTH) {
                    channel.truncate(StateLayout.LENGTH);
                }
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, StateLayout.LENGTH, arena);
            StateFile state = new StateFile(arena, segment);
            if (fresh || state.lvMagic() != StateLayout.MAGIC) {
                segment.fill((byte) 0);
                // volatile; pairs with the volatile load in map(): the magic is written last so a
                // reader never accepts a half-initialised file.
                LONG.setVolatile(segment, (long) StateLayout.MAGIC_OFFSET, StateLayout.MAGIC);
            }
            LONG.setVolatile(segment, (long) StateLayout.WRITER_PID_OFFSET, pid);
            state.svWriting(StateLayout.NOT_WRITING);
            return state;
        } catch (IOException | RuntimeException e) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
            throw e;
        }
    }

    /**
     * Brings back a state file that another process cut short under the writer's mapping (which
     * the writer holds the lock of): writes the layout's length of zeros into the same inode,
     * so every mapping of it, the readers' too, is valid again, then the magic, the writer's
     * pid and {@code version} (0: nothing published). Every slot's pin starts empty (the
     * owners' locks are not in the file and stay held).
     *
     * @return the length the file had, or -1 when it was whole and nothing was done
     */
    public static long restoreIfTruncated(Path path, StateFile state, long pid, long version) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long length = channel.size();
            if (length >= StateLayout.LENGTH) {
                return -1;
            }
            channel.write(java.nio.ByteBuffer.allocate(StateLayout.LENGTH), 0);
            LONG.setVolatile(state.segment, (long) StateLayout.WRITER_PID_OFFSET, pid);
            state.svWriting(StateLayout.NOT_WRITING);
            state.svVersion(version);
            // the magic last, as in createForWriter: a reader opening now never sees half a file
            LONG.setVolatile(state.segment, (long) StateLayout.MAGIC_OFFSET, StateLayout.MAGIC);
            return length;
        }
    }

    /** Volatile load of the magic; pairs with the volatile store in createForWriter. */
    public long lvMagic() {
        return (long) LONG.getVolatile(segment, (long) StateLayout.MAGIC_OFFSET);
    }

    /** Volatile load of the pid of the writer that last opened the store. */
    public long lvWriterPid() {
        return (long) LONG.getVolatile(segment, (long) StateLayout.WRITER_PID_OFFSET);
    }

    /**
     * Volatile load of the version; pairs with {@link #svVersion}. Readers call it on every
     * acquire: the line it sits on changes only on publication, so it stays shared in every
     * reader's cache between publications.
     */
    public long lvVersion() {
        return (long) LONG.getVolatile(segment, (long) StateLayout.VERSION_OFFSET);
    }

    /**
     * Volatile store of the version: the publication. Everything the writer wrote to the data
     * file before it happens-before a reader's {@link #lvVersion} that sees the new word.
     */
    public void svVersion(long version) {
        LONG.setVolatile(segment, (long) StateLayout.VERSION_OFFSET, version);
    }

    /** Volatile load of the writing marker; pairs with {@link #svWriting}. */
    public int lvWriting() {
        return (int) INT.getVolatile(segment, (long) StateLayout.WRITING_OFFSET);
    }

    /**
     * Volatile store of the writing marker. The writer stores {@code 1 + index} before it scans
     * the slots for pins on that file ({@link #pinnedReaders}); a reader that wants an older
     * snapshot stores its pin ({@link #svPin}) before it loads the marker. Sequential consistency
     * means at least one of the two sees the other.
     */
    public void svWriting(int marker) {
        INT.setVolatile(segment, (long) StateLayout.WRITING_OFFSET, marker);
    }

    /**
     * Volatile store of a slot's pin word: the slot's owner pins data file {@code index}
     * ({@link StateLayout#pin}). A store followed by a full fence, so the owner's next load (the
     * version again, or the writing marker) is ordered after it: if the writer's scan in
     * {@link #pinnedReaders} missed this pin, that load sees the publication (or the marker) the
     * writer stored before scanning. Only the slot's owner calls it. A plain store, not a
     * read-modify-write: on a page another process cut away it raises an {@link InternalError}
     * in every execution mode (see StateLayout).
     */
    public void svPin(int slot, long pin) {
        LONG.setVolatile(segment, StateLayout.pinOffset(slot), pin);
    }

    /**
     * Release store of {@link StateLayout#NO_PIN} into a slot: the owner's reads of the data file
     * happen-before the writer's volatile load that sees the slot empty and goes on to rewrite
     * it. Only the slot's owner calls it.
     */
    public void soPinCleared(int slot) {
        LONG.setRelease(segment, StateLayout.pinOffset(slot), StateLayout.NO_PIN);
    }

    /** Volatile load of a slot's pin word; pairs with {@link #svPin} and {@link #soPinCleared}. */
    public long lvPin(int slot) {
        return (long) LONG.getVolatile(segment, StateLayout.pinOffset(slot));
    }

    /** Volatile load of a slot's abandoned word; pairs with the writer's store in {@link #abandonPins}. */
    public long lvAbandoned(int slot) {
        return (long) LONG.getVolatile(segment, StateLayout.abandonedOffset(slot));
    }

    /**
     * How many slots pin data file {@code index} now: a pin word on that file that the writer
     * has not abandoned. Volatile loads over every slot (a few microseconds; the writer calls it
     * while waiting, at most once per poll, and status pages call it); pairs with the owners'
     * {@link #svPin}: the writer calls it after storing the writing marker.
     */
    public int pinnedReaders(int index) {
        int pinned = 0;
        for (int slot = 0; slot < StateLayout.SLOT_COUNT; slot++) {
            if (pinsLive(slot, index)) {
                pinned++;
            }
        }
        return pinned;
    }

    private boolean pinsLive(int slot, int index) {
        long pin = lvPin(slot);
        return StateLayout.pinnedIndex(pin) == index && pin != lvAbandoned(slot);
    }

    /**
     * The writer's grace period for data file {@code index} expired: records each pin still on
     * it as abandoned, so later scans skip it until its owner pins again (with a new
     * generation). Writes only the writer's own words, never an owner's pin: a blind reset of a
     * pin could erase one its owner stored a moment later. Volatile stores.
     *
     * @return how many pins were abandoned
     */
    public int abandonPins(int index) {
        int abandoned = 0;
        for (int slot = 0; slot < StateLayout.SLOT_COUNT; slot++) {
            long pin = lvPin(slot);
            if (StateLayout.pinnedIndex(pin) == index && pin != lvAbandoned(slot)) {
                LONG.setVolatile(segment, StateLayout.abandonedOffset(slot), pin);
                abandoned++;
            }
        }
        return abandoned;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}

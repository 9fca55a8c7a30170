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
 * <p>All accesses are sequentially consistent ({@code Volatile} / {@code getAndAdd} /
 * {@code compareAndSet}): the protocol relies on store-load ordering between processes (a
 * reader's counter increment against the writer's version store, the writer's writing marker
 * against a reader's counter increment), which weaker modes do not give. The mapping is
 * page-aligned, so every offset in {@link StateLayout} is naturally aligned as the access modes
 * require. One instance per process and role; thread-safe.
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
        Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long length = channel.size();
            if (length != StateLayout.LENGTH) {
                throw new IOException(path + ": " + StateLayout.check(length, 0));
            }
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, length, arena);
            StateFile state = new StateFile(arena, segment);
            String problem = StateLayout.check(length, state.lvMagic());
            if (problem != null) {
                arena.close();
                throw new IOException(path + ": " + problem);
            }
            return state;
        } catch (IOException | RuntimeException e) {
            if (arena.scope().isAlive()) {
                arena.close();
            }
            throw e;
        }
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
     * pid and {@code version} (0: nothing published). Reader counters start from zero.
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
     * Volatile store of the writing marker. The writer stores {@code 1 + index} before it loads
     * that file's counter ({@link #lvReaders}); a reader that wants an older snapshot increments
     * the counter before it loads the marker. Sequential consistency means at least one of the
     * two sees the other.
     */
    public void svWriting(int marker) {
        INT.setVolatile(segment, (long) StateLayout.WRITING_OFFSET, marker);
    }

    /**
     * Atomic increment of a data file's reader counter (full fence); pairs with the writer's
     * volatile load in {@link #lvReaders}: if the writer saw 0 before this increment, the
     * reader's following {@link #lvVersion} sees the writer's earlier publication.
     */
    public void incrementReaders(int index) {
        INT.getAndAdd(segment, (long) StateLayout.readerCountOffset(index), 1);
    }

    /**
     * Decrements a data file's reader counter unless it is already 0 (a writer reset it after
     * its grace period), so it never wraps to 2^32 - 1. CAS loop; pairs with
     * {@link #lvReaders}.
     */
    public void decrementReaders(int index) {
        long offset = StateLayout.readerCountOffset(index);
        int count;
        do {
            count = (int) INT.getVolatile(segment, offset);
            if (count == 0) {
                return;
            }
        } while (!INT.compareAndSet(segment, offset, count, count - 1));
    }

    /** Volatile load of a data file's reader counter (unsigned). */
    public long lvReaders(int index) {
        return Integer.toUnsignedLong((int) INT.getVolatile(segment, (long) StateLayout.readerCountOffset(index)));
    }

    /** Volatile store of 0 into a counter: the writer's grace period expired. */
    public void resetReaders(int index) {
        INT.setVolatile(segment, (long) StateLayout.readerCountOffset(index), 0);
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}

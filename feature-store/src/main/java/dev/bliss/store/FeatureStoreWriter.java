package dev.bliss.store;

import dev.bliss.store.internal.Libc;
import dev.bliss.store.internal.NameCodec;
import dev.bliss.store.internal.SnapshotChecksum;
import dev.bliss.store.internal.StateFile;
import dev.bliss.store.layout.DataFileLayout;
import dev.bliss.store.layout.FeatureTableLayout;
import dev.bliss.store.layout.InstanceVersion;
import dev.bliss.store.layout.StateLayout;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The single writer of a store: builds each snapshot straight into the data file readers are
 * not directed to, then publishes it with one atomic store of the version word.
 *
 * <pre>
 *  begin(spec)                                    write(builder)
 *  ───────────                                    ──────────────
 *  next = 1 - index(published)                    finish the directory (key counts, probes)
 *  writing := 1 + next                            checksum [0, size)
 *  wait until no reader slot pins next            force to storage (unless tmpfs)
 *    (grace period, then abandon those pins)      version := pack(next, size, checksum)  ◄ publication
 *  fallocate P_data_next to size, map it          writing := 0
 *  zero it, write header, names, directory
 *  return a SnapshotBuilder ── put(dim, key, vector) ──►
 * </pre>
 *
 * <p><b>Assumptions.</b>
 * <ol>
 *   <li>One writer per store: enforced with an exclusive {@code flock} on {@code P_state},
 *       held until {@link #close()}; a second writer gets {@link StoreException.Reason#WRITER_LOCKED}.
 *   <li>Readers follow the protocol of {@link FeatureStoreReader} and hold a guard for far less
 *       than the grace period.
 *   <li>Nothing else writes the store's files. Another process may truncate one (an operator, a
 *       cleaner): {@link #begin} first restores a state file cut short (same inode, so every
 *       mapping of it works again, with the last version this writer published if its data file
 *       is still whole), and rewrites a truncated data file only after allocating it back to
 *       its full size. The writer itself never shrinks a file that may be mapped.
 * </ol>
 *
 * <p><b>Guarantees.</b>
 * <ol>
 *   <li>The file a write rewrites is never the published one, and is rewritten only once no
 *       reader slot pins it, or after the grace period (then the result says so).
 *   <li>Everything a snapshot contains is written before the version store that publishes it.
 *   <li>Data files only grow, and are allocated before they are touched: no space means a
 *       {@link StoreException.Reason#NO_SPACE} error from {@link #begin}, and readers keep the
 *       published snapshot. A writer killed at any point leaves the published snapshot intact.
 * </ol>
 *
 * <p><b>Progress.</b> Blocking: {@link #begin} waits (polling, parked) for the readers of the
 * file it rewrites, up to the grace period.
 *
 * <p><b>Threads.</b> Not thread-safe: one thread at a time drives the writer and its builder.
 */
public final class FeatureStoreWriter implements AutoCloseable {

    private final Path prefix;
    private final WriterOptions options;
    private final int lockFd;
    private final StateFile state;
    private final boolean force;
    private final MemorySegment[] mappings = new MemorySegment[InstanceVersion.DATA_FILE_COUNT];
    private final Arena[] arenas = new Arena[InstanceVersion.DATA_FILE_COUNT];
    private final SplittableRandom seeds = new SplittableRandom();
    private long lastSequence;
    private long lastVersion = InstanceVersion.UNSET;
    private Object stateFileKey;
    private boolean replacementReported;
    private SnapshotBuilder open;
    private boolean closed;

    private FeatureStoreWriter(WriterOptions options, int lockFd, StateFile state, boolean force) {
        this.prefix = options.prefix();
        this.options = options;
        this.lockFd = lockFd;
        this.state = state;
        this.force = force;
        this.lastSequence = publishedSequence(state, prefix);
        this.lastVersion = state.lvVersion();
        try {
            this.stateFileKey = Files.readAttributes(StorePaths.state(prefix), java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            this.stateFileKey = null;
        }
    }

    /**
     * Opens the store for writing, creating its directory and state file if needed.
     *
     * @throws StoreException {@link StoreException.Reason#WRITER_LOCKED} when another writer has it
     */
    public static FeatureStoreWriter open(WriterOptions options) throws StoreException {
        Path prefix = options.prefix().toAbsolutePath();
        WriterOptions copy = WriterOptions.forPrefix(prefix).gracePeriod(options.gracePeriod())
                .pollInterval(options.pollInterval()).durability(options.durability());
        Path statePath = StorePaths.state(prefix);
        int fd;
        try {
            Files.createDirectories(prefix.getParent());
            fd = Libc.openReadWrite(statePath);
        } catch (IOException | Libc.NativeCallException e) {
            throw new StoreException(StoreException.Reason.IO, "cannot open " + statePath + ": " + e.getMessage(), e);
        }
        try {
            if (!Libc.tryLockExclusive(fd)) {
                throw new StoreException(StoreException.Reason.WRITER_LOCKED, "another writer holds the lock on "
                        + statePath + holderPid(statePath) + "; a store has exactly one writer");
            }
            StateFile state = StateFile.createForWriter(statePath, ProcessHandle.current().pid());
            return new FeatureStoreWriter(copy, fd, state, shouldForce(copy.durability(), prefix.getParent()));
        } catch (StoreException e) {
            Libc.close(fd);
            throw e;
        } catch (IOException | Libc.NativeCallException | RuntimeException e) {
            Libc.close(fd);
            throw new StoreException(StoreException.Reason.IO, "cannot open " + statePath + ": " + e.getMessage(), e);
        }
    }

    private static String holderPid(Path statePath) {
        try (StateFile state = StateFile.map(statePath)) {
            return " (pid " + state.lvWriterPid() + ")";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static boolean shouldForce(Durability durability, Path directory) throws IOException {
        return switch (durability) {
            case FORCE -> true;
            case NONE -> false;
            case AUTO -> !"tmpfs".equals(Files.getFileStore(directory).type());
        };
    }

    private static long publishedSequence(StateFile state, Path prefix) {
        long version = state.lvVersion();
        if (!InstanceVersion.isSet(version)) {
            return -1;
        }
        Path data = StorePaths.data(prefix, InstanceVersion.index(version));
        try (FileChannel channel = FileChannel.open(data, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            if (channel.size() < DataFileLayout.FIXED_HEADER_LENGTH) {
                return -1;
            }
            MemorySegment header = channel.map(FileChannel.MapMode.READ_ONLY, 0, DataFileLayout.FIXED_HEADER_LENGTH, arena);
            if (header.get(ValueLayout.JAVA_LONG, DataFileLayout.MAGIC_OFFSET) != DataFileLayout.MAGIC) {
                return -1;
            }
            return header.get(ValueLayout.JAVA_LONG, DataFileLayout.SEQUENCE_OFFSET);
        } catch (IOException e) {
            return -1;
        }
    }

    /** The store's path prefix. */
    public Path prefix() {
        return prefix;
    }

    /** The sequence of the last snapshot published to this store, or -1. */
    public long lastSequence() {
        return lastSequence;
    }

    /**
     * Starts the next snapshot: waits for the readers of the file it will rewrite (up to the
     * grace period), allocates and maps that file, and writes the header. Keys are then put
     * into the returned builder, which writes them straight into the mapped file; publish with
     * {@link #write(SnapshotBuilder)}, or close the builder to abandon the snapshot.
     *
     * @throws StoreException {@link StoreException.Reason#NO_SPACE} when the file system cannot
     *         hold the file; {@link StoreException.Reason#TOO_LARGE} beyond 2^39 - 1 bytes
     */
    public SnapshotBuilder begin(SnapshotSpec spec) throws StoreException {
        if (closed) {
            throw new IllegalStateException("writer is closed");
        }
        if (open != null) {
            throw new IllegalStateException("a snapshot is already being built; write or close it first");
        }
        restoreState();
        List<DimensionSpec> dims = spec.dimensions();
        int count = dims.size();
        if (count > DataFileLayout.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("more than " + DataFileLayout.MAX_DIMENSIONS + " dimensions");
        }
        long namesLength = 0;
        for (DimensionSpec d : dims) {
            if (d.vectorLength() > FeatureTableLayout.MAX_VECTOR_LENGTH) {
                throw new IllegalArgumentException("dimension " + d.name() + " has more than "
                        + FeatureTableLayout.MAX_VECTOR_LENGTH + " features");
            }
            namesLength += NameCodec.encodedLength(d.name(), d.featureNames());
        }
        long headerLength = DataFileLayout.headerLength(count, namesLength);
        long[] tableOffsets = new long[count];
        long[] capacities = new long[count];
        long end = headerLength;
        for (int i = 0; i < count; i++) {
            DimensionSpec d = dims.get(i);
            int stride = FeatureTableLayout.slotStride(d.vectorLength());
            capacities[i] = FeatureTableLayout.capacityFor(d.maxKeys());
            tableOffsets[i] = DataFileLayout.alignTable(end);
            if (capacities[i] > InstanceVersion.MAX_SIZE / stride) {
                throw new StoreException(StoreException.Reason.TOO_LARGE, "dimension " + d.name() + " is too large");
            }
            end = tableOffsets[i] + FeatureTableLayout.tableLength(capacities[i], stride);
        }
        long size = end;
        if (size > InstanceVersion.MAX_SIZE) {
            throw new StoreException(StoreException.Reason.TOO_LARGE, "snapshot of " + size
                    + " bytes exceeds the version word's limit of " + InstanceVersion.MAX_SIZE);
        }

        long published = state.lvVersion();
        int next = InstanceVersion.isSet(published) ? 1 - InstanceVersion.index(published) : 0;
        state.svWriting(StateLayout.writingMarker(next));
        long waitStart = System.nanoTime();
        boolean reset = awaitReaders(next, waitStart);
        long waited = System.nanoTime() - waitStart;

        MemorySegment segment;
        try {
            segment = mapForWrite(next, size);
        } catch (StoreException e) {
            state.svWriting(StateLayout.NOT_WRITING);
            throw e;
        }
        segment.asSlice(0, size).fill((byte) 0);

        long sequence = spec.sequence() == SnapshotSpec.NEXT_SEQUENCE ? lastSequence + 1 : spec.sequence();
        long createdAt = spec.createdAtMillis() == SnapshotSpec.NOW ? System.currentTimeMillis() : spec.createdAtMillis();
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.MAGIC_OFFSET, DataFileLayout.MAGIC);
        segment.set(ValueLayout.JAVA_INT, DataFileLayout.FORMAT_VERSION_OFFSET, DataFileLayout.FORMAT_VERSION);
        segment.set(ValueLayout.JAVA_INT, DataFileLayout.DIMENSION_COUNT_OFFSET, count);
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.SCHEMA_HASH_OFFSET, spec.schemaHash());
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.CREATED_AT_OFFSET, createdAt);
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.SEQUENCE_OFFSET, sequence);
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.HEADER_LENGTH_OFFSET, headerLength);
        segment.set(ValueLayout.JAVA_LONG, DataFileLayout.SNAPSHOT_SIZE_OFFSET, size);
        long names = DataFileLayout.namesOffset(count);
        long[] seedValues = new long[count];
        for (int i = 0; i < count; i++) {
            DimensionSpec d = dims.get(i);
            long entry = DataFileLayout.directoryEntryOffset(i);
            long namesEnd = NameCodec.write(segment, names, d.name(), d.featureNames());
            seedValues[i] = seeds.nextLong();
            segment.set(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_TABLE_OFFSET, tableOffsets[i]);
            segment.set(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_CAPACITY, capacities[i]);
            segment.set(ValueLayout.JAVA_LONG, entry + DataFileLayout.ENTRY_HASH_SEED, seedValues[i]);
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_VECTOR_LENGTH, d.vectorLength());
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_SLOT_STRIDE,
                    FeatureTableLayout.slotStride(d.vectorLength()));
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_NAMES_OFFSET, (int) names);
            segment.set(ValueLayout.JAVA_INT, entry + DataFileLayout.ENTRY_NAMES_LENGTH, (int) (namesEnd - names));
            names = namesEnd;
        }
        open = new SnapshotBuilder(this, segment, next, size, sequence, dims, tableOffsets, capacities, seedValues,
                reset, waited);
        return open;
    }

    /** Restores a state file that was cut short, see the class's assumption 3. */
    private void restoreState() throws StoreException {
        Path path = StorePaths.state(prefix);
        reportReplacedState(path);
        long version = lastVersion;
        if (InstanceVersion.isSet(version)) {
            try {
                if (Files.size(StorePaths.data(prefix, InstanceVersion.index(version))) < InstanceVersion.size(version)) {
                    version = InstanceVersion.UNSET; // its data is cut short too: publish afresh
                }
            } catch (IOException e) {
                version = InstanceVersion.UNSET;
            }
        }
        try {
            long was = StateFile.restoreIfTruncated(path, state, ProcessHandle.current().pid(), version);
            if (was >= 0) {
                System.getLogger("dev.bliss.store").log(System.Logger.Level.WARNING, "state file " + path + " was cut to "
                        + was + " bytes by another process; restored in place"
                        + (InstanceVersion.isSet(version) ? " with the last published version" : " (nothing published until this snapshot)"));
            }
        } catch (IOException e) {
            throw new StoreException(StoreException.Reason.IO, "state file " + path + " cannot be restored: " + e.getMessage(), e);
        }
    }

    /**
     * A state file deleted or replaced by another process cannot be restored from here: this
     * writer holds the lock on, and publishes into, an inode that readers opening the store now
     * no longer find. Said once, as what it needs: a restart of the writer's process.
     */
    private void reportReplacedState(Path path) {
        if (replacementReported || stateFileKey == null) {
            return;
        }
        Object key;
        try {
            key = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            key = null;
        }
        if (!stateFileKey.equals(key)) {
            replacementReported = true;
            System.getLogger("dev.bliss.store").log(System.Logger.Level.ERROR, "state file " + path + " was "
                    + (key == null ? "deleted" : "replaced") + " by another process: readers that open the store now"
                    + " do not see this writer's snapshots; restart the writer (the feature service) to create it anew");
        }
    }

    /**
     * Waits for data file {@code index}'s readers to leave, parking between checks.
     *
     * @return true when the grace period expired and pins on the file were abandoned
     */
    private boolean awaitReaders(int index, long start) {
        long grace = options.gracePeriod().toNanos();
        long poll = options.pollInterval().toNanos();
        // volatile loads of every slot; pair with the readers' volatile pin stores
        // (StateFile.svPin), and come after our writing-marker store above
        while (state.pinnedReaders(index) != 0) {
            if (System.nanoTime() - start >= grace) {
                state.abandonPins(index);
                return true;
            }
            LockSupport.parkNanos(poll);
        }
        return false;
    }

    private MemorySegment mapForWrite(int index, long size) throws StoreException {
        Path path = StorePaths.data(prefix, index);
        try {
            int fd = Libc.openReadWrite(path);
            try {
                Libc.allocate(fd, size);
            } finally {
                Libc.close(fd);
            }
        } catch (Libc.NativeCallException e) {
            boolean space = e.errno() == Libc.ENOSPC || e.errno() == Libc.EFBIG;
            throw new StoreException(space ? StoreException.Reason.NO_SPACE : StoreException.Reason.IO,
                    "cannot allocate " + size + " bytes for " + path + ": " + e.getMessage(), e);
        }
        MemorySegment mapping = mappings[index];
        if (mapping != null && mapping.byteSize() >= size) {
            return mapping;
        }
        if (arenas[index] != null) {
            arenas[index].close();
            arenas[index] = null;
            mappings[index] = null;
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            Arena arena = Arena.ofShared();
            mappings[index] = channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size(), arena);
            arenas[index] = arena;
            return mappings[index];
        } catch (IOException e) {
            throw new StoreException(StoreException.Reason.IO, "cannot map " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Publishes a snapshot built by {@link #begin}: completes its directory, checksums it,
     * forces it when configured, then stores the new version word (the single atomic step after
     * which new guards see it).
     */
    public WriteResult write(SnapshotBuilder builder) {
        if (builder != open || builder.writer() != this) {
            throw new IllegalStateException("not the snapshot this writer is building");
        }
        long size = builder.sizeBytes();
        long version;
        try {
            builder.finish();
            MemorySegment segment = builder.segment();
            long checksum = SnapshotChecksum.of(segment, size);
            if (force) {
                segment.asSlice(0, size).force();
            }
            version = InstanceVersion.pack(builder.dataFileIndex(), size, checksum);
            // volatile store: the publication; pairs with the volatile load in ReadHandle.acquire
            state.svVersion(version);
        } catch (RuntimeException | InternalError e) {
            // InternalError: a file cut short under its mapping by another process. The builder
            // counts as written once finish() ran, so closing it abandons nothing: abandon here,
            // or every later begin would be refused as "already being built"
            open = null;
            try {
                state.svWriting(StateLayout.NOT_WRITING);
            } catch (RuntimeException | InternalError again) {
                e.addSuppressed(again); // the state file itself is cut: the next begin restores it
            }
            throw e;
        }
        open = null;
        lastSequence = builder.sequence();
        lastVersion = version;
        state.svWriting(StateLayout.NOT_WRITING);
        return new WriteResult(size, version, builder.sequence(), builder.readerCounterReset(),
                builder.graceWaitNanos());
    }

    /** Abandons the open snapshot: nothing is published. */
    void abandon(SnapshotBuilder builder) {
        if (builder == open) {
            open = null;
            state.svWriting(StateLayout.NOT_WRITING);
        }
    }

    /** Unmaps the data files and releases the writer lock. An unpublished snapshot is abandoned. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (open != null) {
            abandon(open);
        }
        for (int i = 0; i < arenas.length; i++) {
            if (arenas[i] != null) {
                arenas[i].close();
                arenas[i] = null;
            }
        }
        state.close();
        Libc.close(lockFd);
    }
}

package dev.bliss.store;

import dev.bliss.store.internal.StateFile;
import dev.bliss.store.layout.InstanceVersion;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A process's view of a store: maps the state file and each data file once, and validates
 * each published version once, for all the {@link ReadHandle}s made from it.
 *
 * <pre>
 *   FeatureStoreReader (one per process, shared)
 *     ├─ state file mapping, data file mappings (remapped only when a version outgrows them)
 *     ├─ latest validated Snapshot (volatile), last rejected version
 *     └─ ReadHandle per event loop / thread ── acquire() ──► ReadGuard ── table(d) ──► FeatureTable
 * </pre>
 *
 * <p><b>Read protocol</b> ({@link ReadHandle#acquire()}): load the version; increment the
 * reader counter of its data file; load the version again; if the index changed, decrement and
 * retry with the new version (without this re-check, a reader stalled between its load and its
 * increment across two publications, e.g. by a safepoint, would read a file being rewritten);
 * use the re-loaded version. {@link ReadGuard#close()} decrements, never below zero.
 *
 * <p><b>Assumptions.</b>
 * <ol>
 *   <li>One {@link FeatureStoreWriter} follows its protocol; data files are never truncated.
 *   <li>A guard is held far shorter than the writer's grace period.
 * </ol>
 *
 * <p><b>Guarantees.</b>
 * <ol>
 *   <li>A guard sees one complete snapshot: the writer does not touch its file until the guard
 *       closes (or the grace period expires, which the writer reports).
 *   <li>No snapshot is used before its header, names and table bounds were validated (and its
 *       checksum, under {@link ChecksumPolicy#VERIFY_ON_SWITCH}). A version that fails is
 *       counted ({@link #rejectedSnapshots()}), reported once to the listener, and readers keep
 *       the previous snapshot for as long as its file is not being rewritten.
 *   <li>Noticing a new version costs one volatile load per acquire.
 * </ol>
 *
 * <p><b>Progress.</b> Acquire is lock-free: it retries only when a publication flips the index
 * between its two loads, and never waits for the writer. The first acquire of a new version
 * validates it: one thread does it while the others wait for it (microseconds) or, under
 * {@link ChecksumPolicy#VERIFY_ON_SWITCH}, keep the previous snapshot meanwhile. In steady
 * state acquire, lookups and close allocate nothing.
 *
 * <p><b>Threads.</b> This object is thread-safe and meant to be shared. {@link ReadHandle}s are
 * not: make one per event loop with {@link #newHandle()}.
 */
public final class FeatureStoreReader implements AutoCloseable {

    private final Path prefix;
    private final ReaderOptions options;
    private final StateFile state;
    private final ReentrantLock loadLock = new ReentrantLock();
    private final MemorySegment[] mappings = new MemorySegment[InstanceVersion.DATA_FILE_COUNT];
    private final List<Arena> arenas = new ArrayList<>();
    private final LongAdder rejections = new LongAdder();
    private volatile Snapshot latest;
    private volatile long rejectedVersion = InstanceVersion.UNSET;
    private volatile SnapshotRejection lastRejection;

    private FeatureStoreReader(ReaderOptions options, StateFile state) {
        this.prefix = options.prefix();
        this.options = options;
        this.state = state;
    }

    /**
     * Opens a store for reading. The state file must exist (a writer creates it); the data
     * need not be published yet: guards then have no snapshot.
     *
     * @throws StoreException {@link StoreException.Reason#NOT_INITIALISED} when there is no
     *         valid state file at the prefix
     */
    public static FeatureStoreReader open(ReaderOptions options) throws StoreException {
        Path prefix = options.prefix().toAbsolutePath();
        Path statePath = StorePaths.state(prefix);
        try {
            return new FeatureStoreReader(options.copy(prefix), StateFile.map(statePath));
        } catch (NoSuchFileException e) {
            throw new StoreException(StoreException.Reason.NOT_INITIALISED, "no store at " + prefix + ": "
                    + statePath + " does not exist (no writer has opened it yet)", e);
        } catch (IOException e) {
            throw new StoreException(StoreException.Reason.NOT_INITIALISED, e.getMessage(), e);
        }
    }

    /** A new per-thread read handle. Cheap; make one per event loop and keep it. */
    public ReadHandle newHandle() {
        return new ReadHandle(this, state, options.guardsPerPin());
    }

    /** The store's path prefix. */
    public Path prefix() {
        return prefix;
    }

    /** The state file now: published version, writing marker, reader counters. */
    public StoreStatus status() {
        return new StoreStatus(state.lvVersion(), StoreStatus.writingIndex(state.lvWriting()),
                new long[] {state.lvReaders(0), state.lvReaders(1)}, state.lvWriterPid());
    }

    /** How many published versions this reader refused. */
    public long rejectedSnapshots() {
        return rejections.sum();
    }

    /** The last refusal, or null. */
    public SnapshotRejection lastRejection() {
        return lastRejection;
    }

    /**
     * Validates the currently published version now, if no thread has yet, so that event loops
     * find it ready. For a background thread; useful with {@link ChecksumPolicy#VERIFY_ON_SWITCH}.
     *
     * @return true when the published version is validated and in use, false when there is
     *         none or it was rejected
     */
    public boolean refresh() {
        try (ReadHandle handle = newHandle(); ReadGuard guard = handle.acquire()) {
            return guard.hasSnapshot() && guard.version() == state.lvVersion();
        }
    }

    /** The most recent validated snapshot, or null. */
    Snapshot latest() {
        return latest;
    }

    /**
     * The validated snapshot of {@code version}, validating it first if needed. The caller holds
     * a count on its data file. Null when the version was rejected, or, under
     * VERIFY_ON_SWITCH, when another thread is validating it right now.
     */
    Snapshot snapshotFor(long version) {
        Snapshot current = latest;
        if (current != null && current.version() == version) {
            return current;
        }
        if (version == rejectedVersion) {
            return null;
        }
        // Structural validation takes microseconds: wait for the thread doing it. A checksum pass
        // takes a second per GB: keep the previous snapshot meanwhile (unless there is none).
        if (current == null || options.checksumPolicy() == ChecksumPolicy.STRUCTURE_ONLY) {
            loadLock.lock();
        } else if (!loadLock.tryLock()) {
            return null;
        }
        try {
            current = latest;
            if (current != null && current.version() == version) {
                return current;
            }
            if (version == rejectedVersion) {
                return null;
            }
            try {
                Snapshot loaded = SnapshotLoader.load(mappingFor(version), version, options);
                // A thread that was slow to get here may load a version that is no longer the
                // published one; it may use it (it holds the count) but must not make it latest.
                if (state.lvVersion() == version || current == null) {
                    latest = loaded;
                }
                return loaded;
            } catch (SnapshotLoader.InvalidSnapshotException e) {
                reject(new SnapshotRejection(version, e.getMessage()));
                return null;
            }
        } finally {
            loadLock.unlock();
        }
    }

    private void reject(SnapshotRejection rejection) {
        rejectedVersion = rejection.version();
        lastRejection = rejection;
        rejections.increment();
        try {
            options.rejectionListener().accept(rejection);
        } catch (RuntimeException e) {
            // the listener's failure must not turn into a failed request; the counter has it
        }
    }

    private MemorySegment mappingFor(long version) throws SnapshotLoader.InvalidSnapshotException {
        int index = InstanceVersion.index(version);
        long size = InstanceVersion.size(version);
        Path path = StorePaths.data(prefix, index);
        try {
            long length = Files.size(path);
            if (length < size) {
                throw new SnapshotLoader.InvalidSnapshotException("data file " + path.getFileName() + " is " + length
                        + " bytes, version says " + size + " (truncated)");
            }
            MemorySegment mapping = mappings[index];
            if (mapping == null || mapping.byteSize() < size) {
                try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                    Arena arena = Arena.ofShared();
                    arenas.add(arena);
                    // Older mappings stay open: threads may still read snapshots over them. Files
                    // only grow, so remapping is rare; close() unmaps them all.
                    mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
                    mappings[index] = mapping;
                }
            }
            return mapping;
        } catch (IOException e) {
            throw new SnapshotLoader.InvalidSnapshotException("cannot map " + path + ": " + e);
        }
    }

    /**
     * Unmaps everything. Call only after every handle is closed and no guard is open: a thread
     * that reads after this gets an {@link IllegalStateException}, not data.
     */
    @Override
    public void close() {
        loadLock.lock();
        try {
            latest = null;
            for (Arena arena : arenas) {
                arena.close();
            }
            arenas.clear();
            state.close();
        } finally {
            loadLock.unlock();
        }
    }
}

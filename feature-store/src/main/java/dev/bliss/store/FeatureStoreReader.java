package dev.bliss.store;

import dev.bliss.store.internal.Libc;
import dev.bliss.store.internal.ReaderSlot;
import dev.bliss.store.internal.StateFile;
import dev.bliss.store.layout.InstanceVersion;
import dev.bliss.store.layout.StateLayout;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
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
 * <p><b>Read protocol</b> ({@link ReadHandle#acquire()}): load the version; store a pin on its
 * data file into the handle's own slot of the state file; load the version again; if the index
 * changed, pin the new one and retry (without this re-check, a reader stalled between its load
 * and its pin across two publications, e.g. by a safepoint, would read a file being rewritten);
 * use the re-loaded version. {@link ReadGuard#close()} stores 0 into the slot. A handle is its
 * slot's only writer (a file lock per slot), so no access to the state file is a
 * read-modify-write: see {@link dev.bliss.store.layout.StateLayout} for why that matters.
 *
 * <p><b>Assumptions.</b>
 * <ol>
 *   <li>One {@link FeatureStoreWriter} follows its protocol.
 *   <li>A guard is held far shorter than the writer's grace period.
 * </ol>
 *
 * <p><b>Files cut short.</b> Another process may still truncate a mapped file at any time, and
 * a read of a mapped page past the file's end faults (SIGBUS, which the JVM raises as an
 * {@link InternalError}). Three defences, none on the lookup path: a new version's data file is
 * measured against the version before it is used; {@link #checkFiles()} (a background thread,
 * about once a second) measures the state file and the published data file and marks the reader
 * {@linkplain #fault() faulted} while one is short, and clears it when they are whole again; a
 * fault met by a read ({@link ReadHandle#acquire()} catches its own, a caller of the tables
 * reports one with {@link #reportFault}) marks it faulted at once. A faulted reader's guards have
 * no snapshot, so each thread meets at most one fault before the flag stops it.
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
    /** Descriptor of the state file's inode, kept open so handles lock slots of that very inode. */
    private final int stateFd;
    private final Path stateByFd;
    private final ReentrantLock loadLock = new ReentrantLock();
    private final MemorySegment[] mappings = new MemorySegment[InstanceVersion.DATA_FILE_COUNT];
    private final List<Arena> arenas = new ArrayList<>();
    private final LongAdder rejections = new LongAdder();
    private volatile Snapshot latest;
    private volatile long rejectedVersion = InstanceVersion.UNSET;
    private volatile SnapshotRejection lastRejection;
    private final Object stateFileKey;
    private final LongAdder faults = new LongAdder();
    /** Null while the files are whole (volatile: read by every acquire, written on a fault or a check). */
    private volatile StoreFault fault;

    private FeatureStoreReader(ReaderOptions options, StateFile state, int stateFd, Path stateByFd, Object stateFileKey) {
        this.prefix = options.prefix();
        this.options = options;
        this.state = state;
        this.stateFd = stateFd;
        this.stateByFd = stateByFd;
        this.stateFileKey = stateFileKey;
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
        int fd;
        try {
            fd = Libc.openExisting(statePath);
        } catch (Libc.NativeCallException e) {
            if (e.errno() == Libc.ENOENT) {
                throw new StoreException(StoreException.Reason.NOT_INITIALISED, "no store at " + prefix + ": "
                        + statePath + " does not exist (no writer has opened it yet)", e);
            }
            throw new StoreException(StoreException.Reason.NOT_INITIALISED, "cannot open " + statePath + ": "
                    + e.getMessage(), e);
        }
        // everything after goes through the descriptor: the mapping, the file key and every
        // handle's slot lock name one inode even if the path is replaced meanwhile
        Path byFd = Path.of("/proc/self/fd/" + fd);
        try {
            Object key = Files.readAttributes(byFd, BasicFileAttributes.class).fileKey();
            return new FeatureStoreReader(options.copy(prefix), StateFile.map(byFd, statePath), fd, byFd, key);
        } catch (IOException e) {
            Libc.close(fd);
            throw new StoreException(StoreException.Reason.NOT_INITIALISED, e.getMessage(), e);
        } catch (RuntimeException e) {
            Libc.close(fd);
            throw e;
        }
    }

    /**
     * A new per-thread read handle, owning one of the state file's reader slots until closed.
     * Makes a few system calls (a descriptor, a slot lock): make one per event loop and keep it,
     * and close it when done.
     *
     * @throws StoreException {@link StoreException.Reason#NO_READER_SLOT} when every slot is owned
     *         by an open handle (of any process); {@link StoreException.Reason#IO} when the state
     *         file cannot be opened or is cut short
     */
    public ReadHandle newHandle() throws StoreException {
        ReaderSlot slot;
        try {
            slot = ReaderSlot.claim(stateByFd, state);
        } catch (Libc.NativeCallException e) {
            throw new StoreException(StoreException.Reason.IO, "cannot claim a reader slot in "
                    + StorePaths.state(prefix) + ": " + e.getMessage(), e);
        } catch (InternalError e) {
            reportFault(e);
            throw new StoreException(StoreException.Reason.IO, StorePaths.state(prefix)
                    + " was cut short under its mapping: " + e.getMessage(), e);
        }
        if (slot == null) {
            throw new StoreException(StoreException.Reason.NO_READER_SLOT, "all " + StateLayout.SLOT_COUNT
                    + " reader slots of " + StorePaths.state(prefix) + " are owned by open read handles (one per"
                    + " handle, in every process reading the store); close handles that are no longer used");
        }
        return new ReadHandle(this, state, slot, options.guardsPerPin());
    }

    /** The store's path prefix. */
    public Path prefix() {
        return prefix;
    }

    /**
     * The state file now: published version, writing marker, how many slots pin each data file.
     * Scans every slot (volatile loads): for status pages and tools, not the request path.
     */
    public StoreStatus status() {
        return new StoreStatus(state.lvVersion(), StoreStatus.writingIndex(state.lvWriting()),
                new long[] {state.pinnedReaders(0), state.pinnedReaders(1)}, state.lvWriterPid());
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
     *         none, it was rejected, or no reader slot was free for the check
     */
    public boolean refresh() {
        ReadHandle handle;
        try {
            handle = newHandle();
        } catch (StoreException e) {
            return false; // no reader slot free (or the state file is cut short): the next refresh tries again
        }
        try (handle; ReadGuard guard = handle.acquire()) {
            return guard.hasSnapshot() && guard.version() == state.lvVersion();
        }
    }

    /** Why this reader does not read its store right now, or null while its files are whole. */
    public StoreFault fault() {
        return fault;
    }

    /** How many times a read met a fault or a check found a file cut short. */
    public long faults() {
        return faults.sum();
    }

    /**
     * Reports a fault that a read of this reader's tables met (an {@link InternalError} from a
     * truncated mapping): the reader stops handing out snapshots until {@link #checkFiles()}
     * finds the files whole. Any thread; allocates only on the first report of a fault.
     */
    public void reportFault(Throwable error) {
        faults.increment();
        if (fault == null) {
            fault = new StoreFault(StoreFault.Kind.ACCESS_FAULT, String.valueOf(error));
        }
    }

    /**
     * Measures the files against what is mapped: the state file (its length, and that it is the
     * file mapped), then the published version's data file. Marks the reader faulted when one is
     * short or replaced, clears the mark when both are whole. For a background thread, about
     * once a second; never an event loop (it makes system calls).
     *
     * @return the fault, or null when the files are whole
     */
    public StoreFault checkFiles() {
        StoreFault found = inspectFiles();
        StoreFault previous = fault;
        if (found != null && (previous == null || previous.kind() != found.kind())) {
            faults.increment();
        }
        fault = found;
        return found;
    }

    private StoreFault inspectFiles() {
        Path statePath = StorePaths.state(prefix);
        try {
            BasicFileAttributes attributes = Files.readAttributes(statePath, BasicFileAttributes.class);
            if (!java.util.Objects.equals(attributes.fileKey(), stateFileKey)) {
                return new StoreFault(StoreFault.Kind.STATE_REPLACED, statePath + " is another file than the one mapped");
            }
            if (attributes.size() < StateLayout.LENGTH) {
                return new StoreFault(StoreFault.Kind.STATE_TRUNCATED, statePath + " is " + attributes.size()
                        + " bytes, its layout " + StateLayout.LENGTH);
            }
        } catch (IOException e) {
            return new StoreFault(StoreFault.Kind.STATE_REPLACED, "cannot read " + statePath + ": " + e);
        }
        long version;
        try {
            version = state.lvVersion();
        } catch (InternalError e) {
            return new StoreFault(StoreFault.Kind.STATE_TRUNCATED, statePath + ": " + e.getMessage());
        }
        if (!InstanceVersion.isSet(version)) {
            return null;
        }
        Path data = StorePaths.data(prefix, InstanceVersion.index(version));
        try {
            long length = Files.size(data);
            long size = InstanceVersion.size(version);
            return length >= size ? null : new StoreFault(StoreFault.Kind.DATA_TRUNCATED,
                    data + " is " + length + " bytes, the published version says " + size);
        } catch (IOException e) {
            return new StoreFault(StoreFault.Kind.DATA_TRUNCATED, "cannot read " + data + ": " + e);
        }
    }

    /** The most recent validated snapshot, or null. */
    Snapshot latest() {
        return latest;
    }

    /**
     * The validated snapshot of {@code version}, validating it first if needed. The caller holds
     * a pin on its data file. Null when the version was rejected, or, under
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
                // published one; it may use it (it holds the pin) but must not make it latest.
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
            Libc.close(stateFd);
        } finally {
            loadLock.unlock();
        }
    }
}

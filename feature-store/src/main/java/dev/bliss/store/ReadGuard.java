package dev.bliss.store;

import java.util.List;

/**
 * One read of a consistent snapshot, from {@link ReadHandle#acquire()} to {@link #close()}
 * (try-with-resources). While open, the snapshot's data file is not rewritten and every
 * {@link FeatureTable} of it may be read. The same instance is reused by its handle for every
 * acquire: do not keep it, or its tables, past close.
 *
 * <p>Confined to the handle's thread. Allocation-free, including the metadata getters (names
 * are interned per snapshot).
 */
public final class ReadGuard implements AutoCloseable {

    private final ReadHandle handle;
    private Snapshot snapshot;
    private boolean open;

    ReadGuard(ReadHandle handle) {
        this.handle = handle;
    }

    ReadGuard open(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.open = true;
        return this;
    }

    boolean isOpen() {
        return open;
    }

    private Snapshot snapshot() {
        if (!open) {
            throw new IllegalStateException("guard is closed");
        }
        Snapshot s = snapshot;
        if (s == null) {
            throw new IllegalStateException("no snapshot: nothing valid is published (check hasSnapshot())");
        }
        return s;
    }

    /** Whether a valid snapshot is in view; false before the first publication or when none is valid. */
    public boolean hasSnapshot() {
        return open && snapshot != null;
    }

    /** The table of dimension {@code dimension} (an index from {@link #dimensionIndex}). */
    public FeatureTable table(int dimension) {
        return snapshot().table(dimension);
    }

    /** Number of dimensions. */
    public int dimensionCount() {
        return snapshot().dimensionCount();
    }

    /** Index of the dimension called {@code name}, or -1. Linear in the dimension count. */
    public int dimensionIndex(String name) {
        return snapshot().dimensionIndex(name);
    }

    /** Name of dimension {@code dimension}. */
    public String dimensionName(int dimension) {
        return snapshot().table(dimension).name();
    }

    /** Feature names of dimension {@code dimension}. */
    public List<String> featureNames(int dimension) {
        return snapshot().table(dimension).featureNames();
    }

    /** The snapshot's sequence. Changes whenever the snapshot does: re-resolve indices then. */
    public long sequence() {
        return snapshot().sequence();
    }

    /** When the writer began the snapshot, epoch milliseconds. */
    public long createdAtMillis() {
        return snapshot().createdAtMillis();
    }

    /** The writer's schema hash. */
    public long schemaHash() {
        return snapshot().schemaHash();
    }

    /** The instance version word of the snapshot in view. */
    public long version() {
        return snapshot().version();
    }

    /**
     * Recomputes the snapshot's checksum and compares it with the 24 bits in its version word.
     * One pass over the whole snapshot (about a second per GB): for tools such as
     * {@code bliss store verify}, never for the request path.
     */
    public boolean checksumMatches() {
        return snapshot().checksumMatches();
    }

    /**
     * Touches every page of the snapshot through this process's mapping of its data file, so
     * later lookups take no page faults (the first touch of a page by a process faults, about a
     * microsecond on this VM, even on tmpfs). One pass over the snapshot: call it from a
     * background thread after a switch, e.g. after {@link FeatureStoreReader#refresh()}, never
     * on an event loop. A file's mapping is kept across versions, so this matters mostly for
     * the first version a process sees and after a file grows.
     */
    public void preload() {
        snapshot().preload();
    }

    /** Ends the read: the writer may rewrite the file once every guard on it is closed. */
    @Override
    public void close() {
        if (open) {
            open = false;
            snapshot = null;
            handle.guardClosed();
        }
    }
}

package dev.bliss.store;

import dev.bliss.store.internal.ReaderSlot;
import dev.bliss.store.internal.StateFile;
import dev.bliss.store.layout.InstanceVersion;
import dev.bliss.store.layout.StateLayout;

/**
 * One thread's entry to the store: hands out its single {@link ReadGuard}, pinning the
 * published snapshot's data file while the guard is open.
 *
 * <pre>{@code
 * ReadHandle handle = reader.newHandle();          // once per event loop
 * ...
 * try (ReadGuard guard = handle.acquire()) {        // per request
 *     if (guard.hasSnapshot()) {
 *         guard.table(ipDimension).copyTo(ipKey, modelInput, 0);
 *     }
 * }
 * }</pre>
 *
 * <p><b>Slot.</b> Each handle owns one of the state file's reader slots
 * ({@link dev.bliss.store.layout.StateLayout}) from {@link FeatureStoreReader#newHandle()} to
 * {@link #close()}, locked against every other handle of every process. It is the slot's only
 * writer, so it pins with plain stores: no read-modify-write touches the mapped state file, and a
 * state file cut short by another process faults a handle ({@link InternalError}) instead of
 * aborting the JVM. Close handles that are no longer used: a store has
 * {@link dev.bliss.store.layout.StateLayout#SLOT_COUNT} slots.
 *
 * <p><b>Pins.</b> A pin is the slot saying "data file i" (a volatile store of the pin word;
 * unpinning is a release store of 0). With {@code guardsPerPin = 1} (the default) each guard
 * takes and drops its own pin. With more, consecutive guards reuse the pin while the published
 * version is unchanged, up to that many guards, so the slot's line is written once per epoch
 * instead of twice per request; the owner must then call {@link #releasePin()} when the thread
 * goes idle.
 *
 * <p><b>Threads.</b> Confined to one thread at a time (an event loop); not thread-safe. One
 * guard at a time: acquiring while the guard is open throws. {@link #acquire()}, the guard's
 * lookups and {@link ReadGuard#close()} allocate nothing in steady state (a new version's first
 * acquire in the process validates it and allocates its flyweights once).
 *
 * <p><b>Faults.</b> While the reader is {@linkplain FeatureStoreReader#fault() faulted}, guards
 * have no snapshot. A fault this handle meets in the state file (an {@link InternalError} from a
 * truncated mapping) is caught here and reported to the reader; one met while reading a guard's
 * tables is the caller's to catch and {@linkplain FeatureStoreReader#reportFault report}.
 */
public final class ReadHandle implements AutoCloseable {

    private static final int NONE = -1;

    private final FeatureStoreReader reader;
    private final StateFile state;
    private final ReaderSlot slot;
    private final int slotNumber;
    private long generation;
    private boolean closed;
    private final int guardsPerPin;
    private final ReadGuard guard;
    private int pinnedIndex = NONE;
    private Snapshot pinnedSnapshot;
    private long pinnedPublished;
    private boolean pinnedPrevious;
    private int guardsLeft;
    private Runnable beforeIncrement;

    ReadHandle(FeatureStoreReader reader, StateFile state, ReaderSlot slot, int guardsPerPin) {
        this.reader = reader;
        this.state = state;
        this.slot = slot;
        this.slotNumber = slot.slot();
        this.generation = slot.lastGeneration();
        this.guardsPerPin = guardsPerPin;
        this.guard = new ReadGuard(this);
    }

    /**
     * Opens this handle's guard on the current snapshot. The guard has no snapshot
     * ({@link ReadGuard#hasSnapshot()} false) when nothing valid is published yet.
     *
     * @throws IllegalStateException when the guard is already open, or the handle closed
     */
    public ReadGuard acquire() {
        if (closed) {
            throw new IllegalStateException("this handle is closed (its reader slot was released)");
        }
        if (guard.isOpen()) {
            throw new IllegalStateException("this handle's guard is still open; close it before acquiring again");
        }
        if (reader.fault() != null) {
            if (pinnedIndex != NONE) {
                releaseOrForgetPin();
            }
            return guard.open(null);
        }
        try {
            // volatile load; pairs with the writer's volatile store in FeatureStoreWriter.write
            long published = state.lvVersion();
            if (pinnedIndex != NONE) {
                if (published == pinnedPublished && guardsLeft > 0 && (!pinnedPrevious || notBeingRewritten(pinnedIndex))) {
                    guardsLeft--;
                    return guard.open(pinnedSnapshot);
                }
                unpin();
            }
            return enter(published);
        } catch (InternalError e) {
            // the state file was cut short under its mapping (SIGBUS): see FeatureStoreReader
            faulted(e);
            return guard.open(null);
        }
    }

    /** Drops the pin with a store of 0 when the state file can still be written, else without. */
    private void releaseOrForgetPin() {
        try {
            unpin();
        } catch (InternalError e) {
            faulted(e);
        }
    }

    private void faulted(InternalError e) {
        reader.reportFault(e);
        forgetPin();
        // The fault may have come from a data file, the slot may be reachable, and a pin may be
        // in it (stored before the fault): clear it, so the writer need not wait it out. A store
        // of 0 into our own slot is idempotent, unlike the counter decrement it replaces.
        try {
            state.soPinCleared(slotNumber);
        } catch (InternalError stateCut) {
            // the state file itself is cut short: the writer's restore empties every slot
        }
    }

    /**
     * Drops the pin without touching the slot, which may be unreachable: the writer's grace
     * period abandons a pin left behind, and a state file restored after a truncation starts
     * with empty slots anyway.
     */
    private void forgetPin() {
        pinnedIndex = NONE;
        pinnedSnapshot = null;
    }

    private ReadGuard enter(long published) {
        if (!InstanceVersion.isSet(published)) {
            return guard.open(null);
        }
        int index;
        while (true) {
            index = InstanceVersion.index(published);
            if (beforeIncrement != null) {
                runStall();
            }
            // volatile store (store + full fence), then volatile re-load: if the writer's scan
            // missed this pin and it went on to rewrite the file, the re-load sees its newer
            // publication. A retry overwrites the pin: one word, one writer, no read-modify-write
            state.svPin(slotNumber, StateLayout.pin(nextGeneration(), index));
            long again = state.lvVersion();
            if (InstanceVersion.index(again) == index) {
                // the same file, possibly holding an even newer complete snapshot: use `again`
                published = again;
                break;
            }
            published = again;
        }
        Snapshot snapshot = reader.snapshotFor(published);
        if (snapshot != null) {
            pin(index, snapshot, published, false);
            return guard.open(snapshot);
        }
        state.soPinCleared(slotNumber);
        return enterPrevious(published, index);
    }

    /**
     * The published version was rejected (or is being validated by another thread): fall back
     * to the latest valid snapshot, if its file is not the published one and is not being
     * rewritten.
     */
    private ReadGuard enterPrevious(long published, int publishedIndex) {
        Snapshot previous = reader.latest();
        if (previous == null || previous.dataFileIndex() == publishedIndex) {
            return guard.open(null);
        }
        int index = previous.dataFileIndex();
        state.svPin(slotNumber, StateLayout.pin(nextGeneration(), index));
        // Dekker with the writer: it stores the writing marker, then scans the slots; we stored
        // our pin (volatile: store + full fence), then load the marker. One of us sees the other.
        if (!notBeingRewritten(index) || state.lvVersion() != published) {
            state.soPinCleared(slotNumber);
            return guard.open(null);
        }
        pin(index, previous, published, true);
        return guard.open(previous);
    }

    /**
     * Test hook: runs {@code stall} once, on the next acquire that enters a version, between its
     * first version load and its pin store -- the window in which a reader without the re-check
     * would end up pinning a file the writer is rewriting.
     */
    void stallOnceBeforeIncrement(Runnable stall) {
        beforeIncrement = stall;
    }

    private void runStall() {
        Runnable stall = beforeIncrement;
        beforeIncrement = null;
        stall.run();
    }

    private boolean notBeingRewritten(int index) {
        return state.lvWriting() != StateLayout.writingMarker(index);
    }

    /** The next pin's generation: a pin word never repeats one the writer may have abandoned. */
    private long nextGeneration() {
        generation = generation == StateLayout.MAX_GENERATION ? 1 : generation + 1;
        return generation;
    }

    private void pin(int index, Snapshot snapshot, long published, boolean previous) {
        pinnedIndex = index;
        pinnedSnapshot = snapshot;
        pinnedPublished = published;
        pinnedPrevious = previous;
        guardsLeft = guardsPerPin - 1;
    }

    private void unpin() {
        // release store; pairs with the writer's volatile load of the slot in its scan
        state.soPinCleared(slotNumber);
        pinnedIndex = NONE;
        pinnedSnapshot = null;
    }

    /** Called by the guard on close. */
    void guardClosed() {
        if (pinnedIndex != NONE && guardsLeft == 0) {
            releaseOrForgetPin();
        }
    }

    /**
     * Drops this handle's pin, if any, so the writer need not wait for it. Call it from the
     * owning thread when going idle if {@code guardsPerPin > 1}; harmless otherwise.
     *
     * @throws IllegalStateException when the guard is open
     */
    public void releasePin() {
        if (guard.isOpen()) {
            throw new IllegalStateException("guard is open");
        }
        if (pinnedIndex != NONE) {
            releaseOrForgetPin();
        }
    }

    /** Whether this handle holds a pin (its slot names a data file) right now. */
    public boolean isPinned() {
        return pinnedIndex != NONE;
    }

    /** The state file slot this handle owns (for status pages and tests). */
    public int slot() {
        return slotNumber;
    }

    /**
     * Releases the pin and the slot; later acquires throw. Idempotent. A slot not released
     * (a handle dropped without close) is freed when its process exits.
     *
     * @throws IllegalStateException when the guard is open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        releasePin();
        closed = true;
        slot.close();
    }
}

package dev.bliss.store.internal;

import dev.bliss.store.layout.StateLayout;

/**
 * One reader handle's exclusive slot in the state file: an open-file-description lock
 * ({@code fcntl(F_OFD_SETLK)}) on the slot's 128 bytes, held through a descriptor of its own
 * until {@link #close()}.
 *
 * <p>Why an OFD lock and not {@code FileChannel.tryLock}: the JDK's are POSIX record locks,
 * owned by the process, so closing any other descriptor of the state file in this process (a
 * second reader opening the store, the writer's restore in {@code bliss run}) would silently
 * drop every slot lock of the process and let another process claim a slot in use. An OFD lock
 * belongs to its own open file description: only this slot's {@link #close()} (or the death of
 * the process) releases it, and two descriptions conflict even inside one process, so threads
 * of one process are kept apart by the kernel too.
 *
 * <p>A slot whose lock can be taken has no live owner: whatever its pin word still says was
 * left by a dead process (or a handle that was not closed cleanly) and is cleared on claim.
 *
 * <p>Not thread-safe; claimed and closed off the request path (system calls).
 */
public final class ReaderSlot implements AutoCloseable {

    private final int fd;
    private final int slot;
    private final long lastGeneration;
    private boolean closed;

    private ReaderSlot(int fd, int slot, long lastGeneration) {
        this.fd = fd;
        this.slot = slot;
        this.lastGeneration = lastGeneration;
    }

    /**
     * Claims the first free slot of {@code state}, locking it through a new open file
     * description of {@code stateFile} (which must name the inode {@code state} maps, e.g.
     * {@code /proc/self/fd/N} of the reader's descriptor), and clears its pin word.
     *
     * @return the slot, or null when all {@link StateLayout#SLOT_COUNT} are taken
     * @throws InternalError when the state file was cut short under its mapping
     */
    public static ReaderSlot claim(java.nio.file.Path stateFile, StateFile state) throws Libc.NativeCallException {
        int fd = Libc.openExisting(stateFile);
        try {
            for (int slot = 0; slot < StateLayout.SLOT_COUNT; slot++) {
                if (Libc.tryLockRange(fd, StateLayout.slotOffset(slot), StateLayout.SLOT_BLOCK)) {
                    // start past every generation this slot has shown, so the writer's abandoned
                    // word (a former owner's pin) never equals a pin of ours
                    long last = Math.max(StateLayout.generation(state.lvPin(slot)),
                            StateLayout.generation(state.lvAbandoned(slot)));
                    state.svPin(slot, StateLayout.NO_PIN);
                    ReaderSlot claimed = new ReaderSlot(fd, slot, last);
                    fd = -1;
                    return claimed;
                }
            }
            return null;
        } finally {
            if (fd >= 0) {
                Libc.close(fd);
            }
        }
    }

    /** The slot's number, 0 to {@link StateLayout#SLOT_COUNT} - 1. */
    public int slot() {
        return slot;
    }

    /** The highest generation the slot showed when claimed; the owner's pins start after it. */
    public long lastGeneration() {
        return lastGeneration;
    }

    /** Releases the slot's lock. Clear the pin word first. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Libc.close(fd);
        }
    }
}

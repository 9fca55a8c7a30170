package dev.bliss.store.events;

import dev.bliss.store.internal.Libc;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The exclusive right to write the producer's words of one events ring file: an
 * open-file-description lock ({@code fcntl(F_OFD_SETLK)}) on the file's first byte, held through
 * a descriptor of its own until {@link #close()}, exactly as a read handle owns its reader slot
 * of the store's state file (feature-store README, "reader slots").
 *
 * <p>Why: each events ring is a single-producer ring, so that no producer ever needs a
 * read-modify-write on the mapped file (an interpreted compare-and-set on a page another process
 * cut away aborts the JVM; loads and stores only fault). Single producer must then be enforced
 * across processes: the kernel refuses an overlapping OFD lock to every other open file
 * description, of this process or another, and drops it when its process dies, so a ring whose
 * lock can be taken has no live producer. The lock is advisory and on a byte range only: it does
 * not touch the file's content, survives the file being truncated, and is not shared with the
 * JDK's POSIX record locks (which closing any other descriptor of the file would drop).
 *
 * <p>The consumer takes the same lock, briefly, to repair a ring whose producer died
 * mid-record; while it holds it no producer can claim the ring.
 *
 * <p>Not thread-safe; claimed and closed off the per-request path or once per thread (system calls).
 */
public final class RingOwnership implements AutoCloseable {

    private final Path file;
    private final int fd;
    private boolean closed;

    private RingOwnership(Path file, int fd) {
        this.file = file;
        this.fd = fd;
    }

    /**
     * Claims the ring file at {@code file} unless another open file description owns it.
     *
     * @return the ownership, or null when it is owned elsewhere (this process included)
     * @throws IOException when the file cannot be opened (e.g. it does not exist) or locked
     */
    public static RingOwnership tryClaim(Path file) throws IOException {
        int fd;
        try {
            fd = Libc.openExisting(file);
        } catch (Libc.NativeCallException e) {
            if (e.errno() == Libc.ENOENT) {
                throw new java.nio.file.NoSuchFileException(file.toString());
            }
            throw new IOException(e.getMessage(), e);
        }
        try {
            if (Libc.tryLockRange(fd, 0, 1)) {
                RingOwnership owned = new RingOwnership(file, fd);
                fd = -1;
                return owned;
            }
            return null;
        } catch (Libc.NativeCallException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            if (fd >= 0) {
                Libc.close(fd);
            }
        }
    }

    /** The ring file this ownership is on. */
    public Path file() {
        return file;
    }

    /** Releases the lock (another producer may claim the ring from now on). Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Libc.close(fd);
        }
    }
}

package dev.bliss.store.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * The few Linux libc calls the JDK does not expose: {@code flock} (a lock that belongs to one
 * open file description, so closing some other descriptor of the same file in this process does
 * not drop it, unlike {@code FileChannel.lock}'s POSIX record locks), its byte-range sibling
 * {@code fcntl(F_OFD_SETLK)} (an open-file-description lock on a range: the reader slots; two
 * descriptions conflict even inside one process, so it also keeps threads apart, and the kernel
 * drops it when the last descriptor of its description closes, a dead process's included) and
 * {@code posix_fallocate} (allocates a file's blocks now, so a full tmpfs fails the writer with
 * ENOSPC instead of a reader later taking SIGBUS on a sparse page).
 *
 * <p>Needs {@code --enable-native-access=ALL-UNNAMED}. Thread-safe; each call allocates a small
 * confined arena, which is fine off the read path.
 */
public final class Libc {

    public static final int ENOENT = 2;
    public static final int EFBIG = 27;
    public static final int ENOSPC = 28;
    public static final int EWOULDBLOCK = 11;
    public static final int EACCES = 13;

    private static final int O_RDWR = 2;
    private static final int O_CREAT = 0100;
    private static final int O_CLOEXEC = 02000000;
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;
    private static final int F_OFD_SETLK = 37;
    private static final short F_WRLCK = 1;
    private static final short SEEK_SET = 0;

    /** {@code struct flock} on x86_64 and aarch64 Linux: l_type, l_whence, l_start, l_len, l_pid. */
    private static final StructLayout FLOCK_STRUCT = MemoryLayout.structLayout(
            JAVA_SHORT.withName("l_type"), JAVA_SHORT.withName("l_whence"), MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("l_start"), JAVA_LONG.withName("l_len"), JAVA_INT.withName("l_pid"),
            MemoryLayout.paddingLayout(4));
    private static final long L_TYPE = FLOCK_STRUCT.byteOffset(MemoryLayout.PathElement.groupElement("l_type"));
    private static final long L_WHENCE = FLOCK_STRUCT.byteOffset(MemoryLayout.PathElement.groupElement("l_whence"));
    private static final long L_START = FLOCK_STRUCT.byteOffset(MemoryLayout.PathElement.groupElement("l_start"));
    private static final long L_LEN = FLOCK_STRUCT.byteOffset(MemoryLayout.PathElement.groupElement("l_len"));

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle FLOCK;
    private static final MethodHandle FCNTL_LOCK;
    private static final MethodHandle POSIX_FALLOCATE;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        OPEN = linker.downcallHandle(find(libc, "open"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), errno, Linker.Option.firstVariadicArg(2));
        CLOSE = linker.downcallHandle(find(libc, "close"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        FLOCK = linker.downcallHandle(find(libc, "flock"), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), errno);
        FCNTL_LOCK = linker.downcallHandle(find(libc, "fcntl"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), errno, Linker.Option.firstVariadicArg(2));
        POSIX_FALLOCATE = linker.downcallHandle(find(libc, "posix_fallocate"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
    }

    private Libc() {
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new UnsupportedOperationException(
                "libc symbol " + name + " not found: the feature store needs Linux"));
    }

    /** A failed call: the function and errno. */
    public static final class NativeCallException extends Exception {
        private final int errno;

        NativeCallException(String call, int errno) {
            super(call + " failed: errno " + errno + describe(errno));
            this.errno = errno;
        }

        public int errno() {
            return errno;
        }

        private static String describe(int errno) {
            return switch (errno) {
                case ENOSPC -> " (ENOSPC, no space left on device)";
                case EFBIG -> " (EFBIG, file too large: over the file-size limit)";
                case EWOULDBLOCK -> " (EWOULDBLOCK, lock held elsewhere)";
                case EACCES -> " (EACCES, permission denied or lock held elsewhere)";
                default -> "";
            };
        }
    }

    /** Opens (creating if needed, mode 0660) a file read-write; returns the descriptor. */
    public static int openReadWrite(Path path) throws NativeCallException {
        return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0660);
    }

    /**
     * Opens an existing file read-write, without creating it; returns the descriptor. A path
     * {@code /proc/self/fd/N} opens a new open file description of the inode descriptor N has.
     */
    public static int openExisting(Path path) throws NativeCallException {
        return open(path, O_RDWR | O_CLOEXEC, 0);
    }

    private static int open(Path path, int flags, int mode) throws NativeCallException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int fd = (int) OPEN.invokeExact(state, arena.allocateFrom(path.toString()), flags, mode);
            if (fd < 0) {
                throw new NativeCallException("open(" + path + ")", (int) ERRNO.get(state, 0L));
            }
            return fd;
        } catch (NativeCallException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Takes an exclusive open-file-description lock on bytes [offset, offset + length) without
     * waiting. Released when the description's last descriptor is closed.
     *
     * @return true when taken, false when another open file description holds an overlapping lock
     */
    public static boolean tryLockRange(int fd, long offset, long length) throws NativeCallException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            MemorySegment lock = arena.allocate(FLOCK_STRUCT); // zeroed: l_pid must be 0 for OFD locks
            lock.set(JAVA_SHORT, L_TYPE, F_WRLCK);
            lock.set(JAVA_SHORT, L_WHENCE, SEEK_SET);
            lock.set(JAVA_LONG, L_START, offset);
            lock.set(JAVA_LONG, L_LEN, length);
            int rc = (int) FCNTL_LOCK.invokeExact(state, fd, F_OFD_SETLK, lock);
            if (rc == 0) {
                return true;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno == EWOULDBLOCK || errno == EACCES) {
                return false;
            }
            throw new NativeCallException("fcntl(F_OFD_SETLK)", errno);
        } catch (NativeCallException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Closes a descriptor; errors are ignored because there is nothing left to undo. */
    public static void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Takes an exclusive flock without waiting.
     *
     * @return true when taken, false when another open file description holds it
     */
    public static boolean tryLockExclusive(int fd) throws NativeCallException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int rc = (int) FLOCK.invokeExact(state, fd, LOCK_EX | LOCK_NB);
            if (rc == 0) {
                return true;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno == EWOULDBLOCK) {
                return false;
            }
            throw new NativeCallException("flock", errno);
        } catch (NativeCallException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Allocates blocks for bytes [0, length) of the file; grows it if shorter, never shrinks it. */
    public static void allocate(int fd, long length) throws NativeCallException {
        int rc;
        try {
            rc = (int) POSIX_FALLOCATE.invokeExact(fd, 0L, length);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (rc != 0) {
            // posix_fallocate returns the error number instead of setting errno
            throw new NativeCallException("posix_fallocate(" + length + " bytes)", rc);
        }
    }
}

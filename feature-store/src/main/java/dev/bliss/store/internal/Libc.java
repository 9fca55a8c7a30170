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

/**
 * The few Linux libc calls the JDK does not expose: {@code flock} (a lock that belongs to one
 * open file description, so closing some other descriptor of the same file in this process does
 * not drop it, unlike {@code FileChannel.lock}'s POSIX record locks) and
 * {@code posix_fallocate} (allocates a file's blocks now, so a full tmpfs fails the writer with
 * ENOSPC instead of a reader later taking SIGBUS on a sparse page).
 *
 * <p>Needs {@code --enable-native-access=ALL-UNNAMED}. Thread-safe; each call allocates a small
 * confined arena, which is fine off the read path.
 */
public final class Libc {

    public static final int EFBIG = 27;
    public static final int ENOSPC = 28;
    public static final int EWOULDBLOCK = 11;

    private static final int O_RDWR = 2;
    private static final int O_CREAT = 0100;
    private static final int O_CLOEXEC = 02000000;
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle FLOCK;
    private static final MethodHandle POSIX_FALLOCATE;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        OPEN = linker.downcallHandle(find(libc, "open"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), errno, Linker.Option.firstVariadicArg(2));
        CLOSE = linker.downcallHandle(find(libc, "close"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        FLOCK = linker.downcallHandle(find(libc, "flock"), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), errno);
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
                default -> "";
            };
        }
    }

    /** Opens (creating if needed, mode 0660) a file read-write; returns the descriptor. */
    public static int openReadWrite(Path path) throws NativeCallException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int fd = (int) OPEN.invokeExact(state, arena.allocateFrom(path.toString()), O_RDWR | O_CREAT | O_CLOEXEC, 0660);
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

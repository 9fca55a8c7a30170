package dev.bliss.proxy.accesslog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * An append-only log file, rotated by size and reopened on request:
 *
 * <ul>
 *   <li>rotation: when the next line would take {@code path} past {@code maxSize}, {@code path}
 *       becomes {@code path.1}, {@code path.1} becomes {@code path.2}, …, the oldest beyond
 *       {@code maxFiles} files in all is deleted, and a new {@code path} is started. A line never
 *       straddles two files. {@code maxSize} 0 turns rotation off (logrotate does it instead).</li>
 *   <li>reopen: {@link #reopen()} closes the file and opens {@code path} again, which is a new
 *       file when logrotate has moved the old one away (its {@code postrotate}: SIGUSR1).</li>
 * </ul>
 *
 * <p>A full disk does not stop it: a failed write drops the lines not yet written (counted),
 * cuts the file back to its last whole line, and the next line is tried afresh (the previous
 * version kept its stale buffer behind a BufferedOutputStream and wrote half lines and lost
 * ones after an ENOSPC).
 *
 * <p>Not thread-safe: the access log's writer thread owns it.
 */
final class RotatingLogFile implements AutoCloseable {

    private static final int BUFFER = 1 << 16;

    private final Path path;
    private final long maxSize;
    private final int maxFiles;
    private final byte[] buffer = new byte[BUFFER];
    private final ByteBuffer pending = ByteBuffer.wrap(buffer);
    private FileChannel channel;
    /** Bytes in the file that are whole lines: where a failed write is cut back to. */
    private long durable;
    /** Bytes of whole lines written or buffered: durable plus the buffer. */
    private long size;
    private int bufferedLines;
    private long discarded;

    RotatingLogFile(Path path, long maxSize, int maxFiles) throws IOException {
        this.path = path.toAbsolutePath();
        this.maxSize = maxSize;
        this.maxFiles = maxFiles;
        open();
    }

    Path path() {
        return path;
    }

    /**
     * Writes one whole line (its bytes include the newline), rotating first when it would not fit.
     * A failure (ENOSPC, EIO) discards the lines not yet on disk, cuts the file back to its last
     * whole line, and is thrown; the next call writes again, so the log resumes by itself once
     * the disk has room ({@link #takeDiscarded()} says how many lines were lost).
     */
    void write(byte[] line, int length) throws IOException {
        if (channel == null) {
            open(); // a failed rotation or reopen closed it: try again
        }
        if (maxSize > 0 && size > 0 && size + length > maxSize) {
            rotate();
        }
        if (pending.position() + length > BUFFER) {
            flush();
        }
        if (length > BUFFER) {
            writeOut(ByteBuffer.wrap(line, 0, length)); // a failure here loses this line only: the caller counts it
        } else {
            pending.put(line, 0, length);
            bufferedLines++;
        }
        size += length;
    }

    void flush() throws IOException {
        if (pending.position() > 0 && channel != null) {
            pending.flip();
            writeOut(pending);
        }
    }

    private void writeOut(ByteBuffer bytes) throws IOException {
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            durable += bytes.limit();
        } catch (IOException e) {
            discarded += bufferedLines;
            size = durable;
            try {
                channel.truncate(durable); // no half line left at the end for the next one to follow
            } catch (IOException ignored) {
                // the next write appends after it; a reader sees one broken line
            }
            throw e;
        } finally {
            pending.clear();
            bufferedLines = 0;
        }
    }

    /** Lines discarded by failed writes since the last call. */
    long takeDiscarded() {
        long n = discarded;
        discarded = 0;
        return n;
    }

    /** Flushes and closes the file, then opens {@code path} again (creating it if it was moved). */
    void reopen() throws IOException {
        close();
        open();
    }

    private void open() throws IOException {
        Path dir = path.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        durable = channel.size();
        size = durable;
    }

    private void rotate() throws IOException {
        close();
        if (maxFiles == 1) {
            Files.deleteIfExists(path);
        } else {
            Files.deleteIfExists(numbered(maxFiles - 1));
            for (int i = maxFiles - 2; i >= 1; i--) {
                Path from = numbered(i);
                if (Files.exists(from)) {
                    Files.move(from, numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.move(path, numbered(1), StandardCopyOption.REPLACE_EXISTING);
        }
        open();
    }

    private Path numbered(int i) {
        return path.resolveSibling(path.getFileName() + "." + i);
    }

    /** Flushes and closes; the file is closed even when the flush fails (its lines are discarded). */
    @Override
    public void close() throws IOException {
        if (channel != null) {
            FileChannel c = channel;
            try {
                flush();
            } finally {
                channel = null;
                c.close();
            }
        }
    }
}

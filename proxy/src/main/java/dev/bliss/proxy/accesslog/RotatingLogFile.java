package dev.bliss.proxy.accesslog;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
 * <p>Not thread-safe: the access log's writer thread owns it.
 */
final class RotatingLogFile implements AutoCloseable {

    private final Path path;
    private final long maxSize;
    private final int maxFiles;
    private OutputStream out;
    private long size;
    private boolean dirty;

    RotatingLogFile(Path path, long maxSize, int maxFiles) throws IOException {
        this.path = path.toAbsolutePath();
        this.maxSize = maxSize;
        this.maxFiles = maxFiles;
        open();
    }

    Path path() {
        return path;
    }

    /** Writes one whole line (its bytes include the newline), rotating first when it would not fit. */
    void write(byte[] line, int length) throws IOException {
        if (out == null) {
            open(); // a failed write, rotation or reopen closed it: try again
        }
        if (maxSize > 0 && size > 0 && size + length > maxSize) {
            rotate();
        }
        out.write(line, 0, length);
        size += length;
        dirty = true;
    }

    void flush() throws IOException {
        if (dirty && out != null) {
            out.flush();
            dirty = false;
        }
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
        out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND), 1 << 16);
        size = Files.size(path);
        dirty = false;
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

    @Override
    public void close() throws IOException {
        if (out != null) {
            OutputStream o = out;
            out = null;
            o.close();
        }
    }
}

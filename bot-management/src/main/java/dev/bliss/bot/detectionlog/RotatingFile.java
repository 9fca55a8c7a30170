package dev.bliss.bot.detectionlog;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * An append-only file rotated by size: when the next write would take {@code path} past
 * {@code maxSize}, {@code path} becomes {@code path.1}, {@code path.1} becomes {@code path.2}, …,
 * the oldest beyond {@code maxFiles} files in all is deleted, and a new {@code path} is started.
 *
 * <p>Writes are whole lines: a line never straddles two files, so a file is at most
 * {@code maxSize} bytes unless a single line is longer. An existing {@code path} is appended to.
 *
 * <p>Not thread-safe: the detection log's writer thread owns it.
 */
final class RotatingFile implements AutoCloseable {

    private final Path path;
    private final long maxSize;
    private final int maxFiles;
    private OutputStream out;
    private long size;
    private boolean dirty;

    RotatingFile(Path path, long maxSize, int maxFiles) throws IOException {
        this.path = path.toAbsolutePath();
        this.maxSize = maxSize;
        this.maxFiles = maxFiles;
        Path dir = this.path.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        open();
    }

    Path path() {
        return path;
    }

    /** Writes one whole line (its bytes include the newline), rotating first when it would not fit. */
    void write(byte[] line, int length) throws IOException {
        if (out == null) {
            open(); // a failed write or rotation closed it: try again
        }
        if (size > 0 && size + length > maxSize) {
            rotate();
        }
        out.write(line, 0, length);
        size += length;
        dirty = true;
    }

    /** Pushes buffered lines to the file (the writer calls this when the ring runs dry). */
    void flush() throws IOException {
        if (dirty && out != null) {
            out.flush();
            dirty = false;
        }
    }

    /** Flushes and closes the file, then opens {@code path} again: a new file when logrotate moved it. */
    void reopen() throws IOException {
        close();
        open();
    }

    private void open() throws IOException {
        out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND), 1 << 16);
        size = Files.size(path);
    }

    private void rotate() throws IOException {
        OutputStream o = out;
        out = null;
        o.close();
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
            out.close();
            out = null;
        }
    }
}

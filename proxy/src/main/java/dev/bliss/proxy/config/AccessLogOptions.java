package dev.bliss.proxy.config;

import java.nio.file.Path;

/**
 * The access log ({@code access_log} in bliss.yaml).
 *
 * @param path        the file (relative paths resolved against bliss.yaml's directory)
 * @param maxFileSize rotate before a line would take the file past this many bytes; 0: never
 *                    (when logrotate rotates and signals SIGUSR1)
 * @param maxFiles    files kept, the current one included: path, path.1, … path.(maxFiles - 1)
 * @param queueBytes  bytes of the ring between the event loops and the writer thread, a power of two
 */
public record AccessLogOptions(Path path, long maxFileSize, int maxFiles, int queueBytes) {

    public static final long DEFAULT_MAX_FILE_SIZE = 100L << 20;
    public static final int DEFAULT_MAX_FILES = 5;
    public static final int DEFAULT_QUEUE_BYTES = 8 << 20;

    /** Defaults for a file. */
    public static AccessLogOptions of(Path path) {
        return new AccessLogOptions(path, DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES, DEFAULT_QUEUE_BYTES);
    }
}

package dev.bliss.bot.detectionlog;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;

/**
 * The {@code detection_log} section of the bot-management plugin's configuration.
 *
 * <pre>
 *   detection_log:
 *     path: ../logs/detections.log   the log file, relative to bliss.yaml; empty or absent: no log
 *     sample_rate: 1.0               the share of requests logged, 0 to 1
 *     max_file_size: 100MB           rotate when the next line would pass this (bytes, KB, MB, GB)
 *     max_files: 5                   files kept: path, path.1, … path.(max_files - 1)
 *     queue_size: 8MB                bytes of the ring between the event loops and the writer
 * </pre>
 *
 * @param path        the log file, or {@code null} when the log is off
 * @param queueBytes  the ring's capacity, a power of two
 */
public record DetectionLogSettings(Path path, double sampleRate, long maxFileSize, int maxFiles, int queueBytes) {

    public static final double DEFAULT_SAMPLE_RATE = 1.0;
    public static final long DEFAULT_MAX_FILE_SIZE = 100L << 20;
    public static final int DEFAULT_MAX_FILES = 5;
    public static final int DEFAULT_QUEUE_BYTES = 8 << 20;
    /** Smaller rings could not hold one record of a large schema (Agrona allows capacity / 8 per record). */
    public static final int MIN_QUEUE_BYTES = 64 << 10;
    public static final int MAX_QUEUE_BYTES = 1 << 30;
    public static final long MIN_FILE_SIZE = 64 << 10;

    /** The log switched off. */
    public static final DetectionLogSettings OFF = new DetectionLogSettings(null, DEFAULT_SAMPLE_RATE,
            DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES, DEFAULT_QUEUE_BYTES);

    public boolean enabled() {
        return path != null && sampleRate > 0;
    }

    /** Reads the section (absent: off), checking every value and rejecting unknown keys. */
    public static DetectionLogSettings read(ConfigSection s, Path base) throws ConfigException {
        String pathText = s.string("path", "");
        Path path = pathText.isBlank() ? null : base.resolve(pathText.trim()).normalize();
        double rate = s.number("sample_rate", DEFAULT_SAMPLE_RATE);
        if (!(rate >= 0 && rate <= 1)) {
            throw s.error("sample_rate", "must be between 0 and 1, got " + rate);
        }
        long fileSize = s.byteSize("max_file_size", DEFAULT_MAX_FILE_SIZE);
        if (fileSize < MIN_FILE_SIZE) {
            throw s.error("max_file_size", "must be at least 64KB, got " + fileSize + " bytes");
        }
        int files = s.integer("max_files", DEFAULT_MAX_FILES, 1, 1000);
        long queue = s.byteSize("queue_size", DEFAULT_QUEUE_BYTES);
        if (queue < MIN_QUEUE_BYTES || queue > MAX_QUEUE_BYTES) {
            throw s.error("queue_size", "must be between 64KB and 1GB, got " + queue + " bytes");
        }
        s.requireNoUnknownKeys();
        return new DetectionLogSettings(path, rate, fileSize, files, powerOfTwoAtLeast((int) queue));
    }

    private static int powerOfTwoAtLeast(int n) {
        int p = Integer.highestOneBit(n);
        return p == n ? n : p << 1;
    }
}

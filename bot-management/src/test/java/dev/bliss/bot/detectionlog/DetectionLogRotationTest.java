package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.CountingMetrics;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rotation by size: every file stays within max_file_size, lines are whole JSON objects, no line
 * is lost or split across a rotation, and only max_files files are kept.
 */
class DetectionLogRotationTest {

    private static final long MAX_FILE = DetectionLogSettings.MIN_FILE_SIZE;
    private static final int REQUESTS = 400;

    @TempDir
    Path dir;

    private Path logRequests(int maxFiles) throws Exception {
        Path path = dir.resolve("detections.log");
        CountingMetrics metrics = new CountingMetrics();
        DetectionLogSettings settings = new DetectionLogSettings(path, 1.0, MAX_FILE, maxFiles,
                DetectionLogSettings.DEFAULT_QUEUE_BYTES);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, metrics).start()) {
            DetectionRecorder recorder = log.newRecorder();
            LoggedRequests.View view = new LoggedRequests.View();
            for (int i = 0; i < REQUESTS; i++) {
                LoggedRequests.log(recorder, view, "r-" + i);
            }
        }
        assertEquals(0, metrics.count("bot_detection_log_dropped", "reason", "queue_full"), "an 8 MiB ring holds them all");
        assertEquals(REQUESTS, metrics.count("bot_detection_log_written"));
        return path;
    }

    /** path.(n-1), …, path.1, path: oldest first. */
    private static List<Path> filesOldestFirst(Path path) {
        List<Path> files = new ArrayList<>();
        for (int i = 1; Files.exists(path.resolveSibling(path.getFileName() + "." + i)); i++) {
            files.addFirst(path.resolveSibling(path.getFileName() + "." + i));
        }
        files.add(path);
        return files;
    }

    @Test
    void shouldRotateBySizeWithoutLosingOrSplittingALine() throws Exception {
        Path path = logRequests(100);
        List<Path> files = filesOldestFirst(path);
        assertTrue(files.size() > 3, "400 lines of about 1.5 KB fill several 64 KiB files: " + files.size());
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            assertTrue(Files.size(f) <= MAX_FILE, f + " has " + Files.size(f) + " bytes");
            lines.addAll(Files.readAllLines(f));
        }
        assertEquals(REQUESTS, lines.size());
        for (int i = 0; i < REQUESTS; i++) {
            assertEquals("r-" + i, new JsonObject(lines.get(i)).getString("request_id"));
        }
    }

    @Test
    void shouldKeepOnlyMaxFilesFiles() throws Exception {
        Path path = logRequests(3);
        assertTrue(Files.exists(path.resolveSibling("detections.log.2")));
        assertFalse(Files.exists(path.resolveSibling("detections.log.3")));
        List<String> lines = new ArrayList<>();
        for (Path f : filesOldestFirst(path)) {
            lines.addAll(Files.readAllLines(f));
        }
        int first = REQUESTS - lines.size();
        assertTrue(first > 0, "older files were deleted");
        for (int i = 0; i < lines.size(); i++) {
            assertEquals("r-" + (first + i), new JsonObject(lines.get(i)).getString("request_id"), "the newest lines, consecutive");
        }
    }
}

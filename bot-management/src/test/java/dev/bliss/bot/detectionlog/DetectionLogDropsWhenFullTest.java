package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.CountingMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event loop's side never waits for the writer: with the writer held (not started), a full
 * ring drops records and counts them, and every record the ring took is written once the writer
 * runs. Too many sampled requests in flight are dropped and counted too.
 */
class DetectionLogDropsWhenFullTest {

    private static final int REQUESTS = 2_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void shouldDropAndCountRecordsWhileTheWriterIsHeldAndWriteEveryRecordTheRingTook() throws Exception {
        CountingMetrics metrics = new CountingMetrics();
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("detections.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 5, DetectionLogSettings.MIN_QUEUE_BYTES, 16);
        DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, metrics); // writer not started: held
        DetectionRecorder recorder = log.newRecorder();
        LoggedRequests.View view = new LoggedRequests.View();
        for (int i = 0; i < REQUESTS; i++) {
            assertTrue(LoggedRequests.log(recorder, view, "r-" + i));
        }
        long dropped = metrics.count("bot_detection_log_dropped", "reason", "queue_full");
        long taken = REQUESTS - dropped;
        assertTrue(dropped > 0 && taken > 0, "a 64 KiB ring holds some of " + REQUESTS + " records, not all: dropped " + dropped);
        assertEquals(0, recorder.pendingCount(), "a dropped record frees its pending slot");

        log.close(); // the held writer drains now
        List<String> lines = Files.readAllLines(settings.path());
        assertEquals(taken, lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertTrue(lines.get(i).contains("\"request_id\":\"r-" + i + "\""), "the first records, in order: " + lines.get(i));
        }
        assertEquals(taken, metrics.count("bot_detection_log_written"));
        assertEquals(Files.size(settings.path()), metrics.count("bot_detection_log_bytes"));
    }

    @Test
    void shouldCountRequestsBeyondTheInFlightLimitAndReuseFreedRecords() throws Exception {
        CountingMetrics metrics = new CountingMetrics();
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("detections.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 5, DetectionLogSettings.MIN_QUEUE_BYTES, 2);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, metrics)) {
            DetectionRecorder recorder = log.newRecorder();
            LoggedRequests.View a = new LoggedRequests.View();
            LoggedRequests.View b = new LoggedRequests.View();
            LoggedRequests.View c = new LoggedRequests.View();
            assertNotNull(recorder.begin(a));
            assertNotNull(recorder.begin(b));
            assertNull(recorder.begin(c), "two in flight is the limit");
            assertEquals(1, metrics.count("bot_detection_log_dropped", "reason", "in_flight_full"));
            assertNotNull(recorder.begin(a), "a view whose request never completed gets its own record back");
            recorder.complete(a, LoggedRequests.ok(), 0);
            assertEquals(1, recorder.pendingCount());
            assertNotNull(recorder.begin(c), "a completed request's record is free again");
            recorder.complete(c, LoggedRequests.ok(), 0);
            recorder.complete(b, LoggedRequests.ok(), 0);
            assertEquals(0, recorder.pendingCount());
            recorder.complete(b, LoggedRequests.ok(), 0); // a second completion finds nothing: no record
        }
        assertEquals(3, Files.readAllLines(settings.path()).size());
    }
}

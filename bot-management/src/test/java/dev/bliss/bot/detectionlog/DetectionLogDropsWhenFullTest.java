package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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
 * runs. A request's record is its own: pending from begin to complete, reused by the next request
 * of its table.
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
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 5, DetectionLogSettings.MIN_QUEUE_BYTES);
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
    void shouldWriteAPendingRecordOnceAndReuseItForTheTablesNextRequest() throws Exception {
        CountingMetrics metrics = new CountingMetrics();
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("detections.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 5, DetectionLogSettings.MIN_QUEUE_BYTES);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, metrics)) {
            DetectionRecorder recorder = log.newRecorder();
            PendingRecord a = LoggedRequests.record();
            PendingRecord b = LoggedRequests.record();
            assertSame(a, recorder.begin(a));
            assertSame(b, recorder.begin(b));
            assertSame(a, recorder.begin(a), "a record whose request never completed is begun again, not counted twice");
            assertEquals(2, recorder.pendingCount());
            recorder.complete(a, "a", LoggedRequests.ok(), 0);
            assertEquals(1, recorder.pendingCount());
            assertSame(a, recorder.begin(a), "a completed request's record serves its table's next request");
            recorder.complete(a, "a-next", LoggedRequests.ok(), 0);
            recorder.complete(b, "b", LoggedRequests.ok(), 0);
            assertEquals(0, recorder.pendingCount());
            recorder.complete(b, "b-again", LoggedRequests.ok(), 0); // not pending any more: nothing written
            recorder.complete(LoggedRequests.record(), "never-begun", LoggedRequests.ok(), 0); // e.g. a 413
        }
        List<String> lines = Files.readAllLines(settings.path());
        assertEquals(3, lines.size());
        assertTrue(lines.get(0).contains("\"request_id\":\"a\"") && lines.get(1).contains("\"request_id\":\"a-next\"")
                && lines.get(2).contains("\"request_id\":\"b\""), lines.toString());
    }
}

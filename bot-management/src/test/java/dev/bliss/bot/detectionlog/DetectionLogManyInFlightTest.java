package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.bliss.bot.events.CountingMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * However many sampled requests one loop has in flight, each keeps its own record until its
 * completion: 10,000 begun before any completes, completed in reverse order, all 10,000 written
 * with their own ids.
 */
class DetectionLogManyInFlightTest {

    private static final int IN_FLIGHT = 10_000;

    @TempDir
    Path dir;

    @Test
    void shouldLogEverySampledRequestWhateverHowManyAreInFlight() throws Exception {
        CountingMetrics metrics = new CountingMetrics();
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("d.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 1, DetectionLogSettings.DEFAULT_QUEUE_BYTES);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, metrics)) {
            DetectionRecorder recorder = log.newRecorder();
            PendingRecord[] records = new PendingRecord[IN_FLIGHT]; // each request's own attachment
            for (int i = 0; i < IN_FLIGHT; i++) {
                records[i] = LoggedRequests.record();
                assertNotNull(recorder.begin(records[i]), "request " + i + " in flight is logged");
            }
            assertEquals(IN_FLIGHT, recorder.pendingCount());
            for (int i = IN_FLIGHT - 1; i >= 0; i--) {
                recorder.complete(records[i], "r-" + i, LoggedRequests.ok(), i);
            }
            assertEquals(0, recorder.pendingCount());
        }
        List<String> lines = Files.readAllLines(dir.resolve("d.log"));
        assertEquals(IN_FLIGHT, lines.size());
        for (int i = 0; i < IN_FLIGHT; i++) {
            String line = lines.get(i);
            int id = IN_FLIGHT - 1 - i;
            assertEquals(true, line.contains("\"request_id\":\"r-" + id + "\"") && line.startsWith("{\"ts\":" + id + ","), line);
        }
        assertEquals(0, metrics.count("bot_detection_log_dropped", "reason", "queue_full"));
    }
}

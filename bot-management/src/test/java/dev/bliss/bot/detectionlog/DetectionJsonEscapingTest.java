package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.CountingMetrics;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rule and request ids with quotes, backslashes and non-ASCII text read back exactly from an ASCII line. */
class DetectionJsonEscapingTest {

    @TempDir
    Path dir;

    @Test
    void shouldEscapeIdsIntoAnAsciiLineThatReadsBackExactly() throws Exception {
        String rule = "règle \"anti-bot\" ☃ 𝄞";
        String id = "lb\\7\"x";
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("d.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 1, DetectionLogSettings.MIN_QUEUE_BYTES);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, new CountingMetrics())) {
            DetectionRecorder recorder = log.newRecorder();
            LoggedRequests.View view = new LoggedRequests.View();
            view.requestId = id;
            PendingRecord record = LoggedRequests.record();
            recorder.begin(record);
            recorder.complete(record, view.requestId(), new Completion() {
                public int status() { return 403; }
                public CharSequence ruleId() { return rule; }
                public FirewallAction action() { return FirewallAction.CHALLENGE; }
                public CharSequence localReason() { return "challenged"; }
                public long durationNanos() { return 0; }
            }, 0);
        }
        byte[] bytes = Files.readAllBytes(dir.resolve("d.log"));
        for (byte b : bytes) {
            assertTrue(b >= 0x20 && b < 0x7F || b == '\n', "ASCII only, got byte " + b);
        }
        JsonObject line = new JsonObject(new String(bytes, java.nio.charset.StandardCharsets.US_ASCII).strip());
        assertEquals(rule, line.getString("rule_id"));
        assertEquals(id, line.getString("request_id"));
        assertEquals("challenge", line.getString("action"));
        assertEquals(0, line.getInteger("score"));
        assertEquals("not_computed", line.getString("score_source"));
    }
}

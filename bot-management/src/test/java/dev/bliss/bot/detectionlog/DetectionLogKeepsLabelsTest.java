package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.bliss.bot.events.CountingMetrics;
import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At a sample rate that logs almost nothing, a challenge submission keeps its pending record and
 * is written exactly when its outcome is a label (solved, failed); a replayed submission and an
 * ordinary request are not.
 */
class DetectionLogKeepsLabelsTest {

    @TempDir
    Path dir;

    private static Completion ended(ChallengeOutcome outcome) {
        return new Completion() {
            public int status() { return 403; }
            public CharSequence ruleId() { return null; }
            public FirewallAction action() { return FirewallAction.NONE; }
            public CharSequence localReason() { return "challenge"; }
            public long durationNanos() { return 0; }
            public ChallengeOutcome challenge() { return outcome; }
        };
    }

    @Test
    void shouldWriteSubmissionsWhoseOutcomeIsALabelWhateverTheSampleRate() throws Exception {
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("d.log"), 1e-9,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 1, DetectionLogSettings.MIN_QUEUE_BYTES);
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, new CountingMetrics())) {
            DetectionRecorder recorder = log.newRecorder();
            LoggedRequests.View view = new LoggedRequests.View();
            PendingRecord record = LoggedRequests.record();
            String[] ids = {"solved", "failed", "replayed", "ordinary"};
            ChallengeOutcome[] outcomes = {ChallengeOutcome.SOLVED, ChallengeOutcome.FAILED, ChallengeOutcome.REPLAYED,
                ChallengeOutcome.NONE};
            for (int i = 0; i < ids.length; i++) {
                view.requestId = ids[i];
                boolean submission = outcomes[i] != ChallengeOutcome.NONE;
                PendingRecord r = recorder.begin(record, submission);
                if (submission) {
                    assertNotNull(r, "a submission gets a record past the coin");
                    r.features(LoggedRequests.SCHEMA.defaults());
                } else {
                    assertNull(r, "an ordinary request at rate 1e-9 is not sampled");
                }
                recorder.complete(record, view.requestId(), ended(outcomes[i]), 0);
                assertEquals(0, recorder.pendingCount(), "the record is freed either way");
            }
        }
        List<String> logged = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("d.log"))) {
            JsonObject o = new JsonObject(line);
            logged.add(o.getString("request_id") + ":" + o.getString("challenge"));
        }
        assertEquals(List.of("solved:solved", "failed:failed"), logged);
    }
}

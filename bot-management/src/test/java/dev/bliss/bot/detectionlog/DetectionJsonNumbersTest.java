package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.bot.events.CountingMetrics;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every float of the input vector reads back from the line as the same float; NaN and infinities as null. */
class DetectionJsonNumbersTest {

    private static final float[] VALUES = {0f, -0f, 1f, -1f, 7f, 0.25f, 1.0e-5f, 12345678f, 16777215f, 16777216f, 16777217f,
        3.4e38f, -2.5e-40f, 1f / 3, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    @TempDir
    Path dir;

    @Test
    void shouldWriteFloatsThatReadBackExactly() throws Exception {
        DetectionLogSettings settings = new DetectionLogSettings(dir.resolve("d.log"), 1.0,
                DetectionLogSettings.DEFAULT_MAX_FILE_SIZE, 1, DetectionLogSettings.MIN_QUEUE_BYTES);
        List<String> names = LoggedRequests.SCHEMA.inputNames();
        try (DetectionLog log = new DetectionLog(settings, LoggedRequests.SCHEMA, new CountingMetrics())) {
            DetectionRecorder recorder = log.newRecorder();
            LoggedRequests.View view = new LoggedRequests.View();
            float[] input = new float[names.size()];
            for (int i = 0; i < input.length; i++) {
                input[i] = VALUES[i % VALUES.length];
            }
            PendingRecord record = LoggedRequests.record();
            recorder.begin(record).features(input);
            recorder.complete(record, view.requestId(), LoggedRequests.ok(), 0);
        }
        String line = Files.readAllLines(dir.resolve("d.log")).getFirst();
        JsonObject features = new JsonObject(line).getJsonObject("features");
        for (int i = 0; i < names.size(); i++) {
            float expected = VALUES[i % VALUES.length];
            Object written = features.getValue(names.get(i));
            if (Float.isFinite(expected)) {
                assertEquals(expected, ((Number) written).floatValue(), names.get(i) + " in " + line);
                assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(((Number) written).floatValue()),
                        names.get(i) + " keeps its sign");
            } else {
                assertEquals(null, written, names.get(i));
            }
        }
    }
}

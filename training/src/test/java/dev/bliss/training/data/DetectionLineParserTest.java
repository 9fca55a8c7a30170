package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.json.JsonFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One line at a time: what is read, what is skipped but still checked, and where errors point. */
class DetectionLineParserTest {

    private static final List<String> NAMES = List.of("header_count", "ip.reqs_1m");

    private static String line(String middle, String features) {
        return "{\"ts\":1764500000000,\"request_id\":\"r1\",\"status\":200,\"score\":23,\"score_source\":\"heuristics\""
                + middle + ",\"features\":{" + features + "}}";
    }

    @Test
    void shouldReadTheFieldsTrainingUsesAndSkipTheRest() throws Exception {
        String text = line(",\"detection_ids\":[1,301],\"verified\":false,\"shadow_scores\":{\"bot-v1\":31},"
                + "\"keys\":{\"ja4\":\"00\",\"ip\":\"9e3779b97f4a7c15\"},\"challenge\":\"solved\",\"a_later_field\":{\"x\":[null]}",
                "\"header_count\":7.0,\"ip.reqs_1m\":null");
        assertEquals(NAMES, DetectionLineParser.featureNames(text));
        DetectionRecord r = DetectionLineParser.parse(text, NAMES);
        assertEquals("r1", r.requestId());
        assertEquals(23, r.score());
        assertEquals(ScoreSource.HEURISTICS, r.scoreSource());
        assertEquals("9e3779b97f4a7c15", r.clientKey());
        assertEquals(ChallengeOutcome.SOLVED, r.challenge());
        assertArrayEquals(new float[] {7f, Float.NaN}, r.features());
    }

    @Test
    void shouldReadFeaturesAsFloatsOfTheirDoubles() throws Exception {
        // 0.1000000024 is the double nearest the float 0.1f written long: through double it is 0.1f
        DetectionRecord r = DetectionLineParser.parse(line("", "\"header_count\":3,\"ip.reqs_1m\":0.10000000149011612"), NAMES);
        assertArrayEquals(new float[] {3f, 0.1f}, r.features());
        assertNull(DetectionLineParser.parse(line("", "\"header_count\":3,\"ip.reqs_1m\":1"), NAMES).clientKey());
    }

    @Test
    void shouldRefuseWhatTheTrainerCannotUseAtTheOffendingToken() {
        assertRefused(line("", "\"header_count\":7.0"), "1:121: features: 1 features, the log's first line has 2");
        assertRefused(line("", "\"header_count\":7.0,\"ip.reqs_1m\":1,\"extra\":2"),
                "features: more than the 2 features of the log's first line");
        assertRefused(line("", "\"ip.reqs_1m\":1,\"header_count\":7.0"),
                "1:103: features: feature 0 is \"ip.reqs_1m\", the log's first line has \"header_count\" there");
        assertRefused(line("", "\"header_count\":\"seven\",\"ip.reqs_1m\":1"),
                "1:118: features.header_count: expected a number or null, got a string");
        assertRefused(line("", "\"header_count\":7.0,\"ip.reqs_1m\":1").replace("\"score\":23", "\"score\":23.5"),
                "score: expected an integer, got 23.5");
        assertRefused(line("", "\"header_count\":7.0,\"ip.reqs_1m\":1").replace("\"request_id\":\"r1\",", ""),
                "request_id: is missing");
        assertRefused(line(",\"keys\":[\"9e37\"]", "\"header_count\":7.0,\"ip.reqs_1m\":1"), "keys: expected an object, got an array");
        assertRefused("[1]", "1:1: expected an object, got an array");
    }

    @Test
    void shouldRefuseBrokenJsonEvenInFieldsItSkips() {
        assertRefused(line(",\"shadow_scores\":{\"bot-v1\":31,\"bot-v1\":40}", "\"header_count\":7.0,\"ip.reqs_1m\":1"),
                "shadow_scores.bot-v1: invalid JSON: duplicate key \"bot-v1\"");
        assertRefused(line(",\"score\":24", "\"header_count\":7.0,\"ip.reqs_1m\":1"), "score: invalid JSON: duplicate key \"score\"");
        assertRefused(line(",\"detection_ids\":[1,NaN]", "\"header_count\":7.0,\"ip.reqs_1m\":1"),
                "detection_ids[1]: invalid JSON: NaN is not a JSON value");
        assertRefused(line("", "\"header_count\":7.0,\"ip.reqs_1m\":1") + " {}", "invalid JSON: unexpected text after the end of the document");
    }

    private static void assertRefused(String text, String expected) {
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> DetectionLineParser.parse(text, NAMES), text);
        if (!e.getMessage().contains(expected)) {
            throw new AssertionError("expected \"" + expected + "\" in: " + e.getMessage());
        }
    }
}

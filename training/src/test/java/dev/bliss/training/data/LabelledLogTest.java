package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabelledLogTest {

    @TempDir
    Path dir;

    private static String line(String id, String source, String ip, String features) {
        return "{\"ts\":1,\"request_id\":\"" + id + "\",\"status\":200,\"score\":42,\"score_source\":\"" + source + "\","
                + "\"detection_ids\":[1,301],\"verified\":false,\"features_available\":true,\"action\":\"none\","
                + (ip == null ? "" : "\"keys\":{\"ip\":\"" + ip + "\"},")
                + "\"features\":{" + features + "}}\n";
    }

    private Path truth(String... rows) throws Exception {
        return Files.writeString(dir.resolve("truth.csv"), "request_id,population,label\n" + String.join("\n", rows) + "\n");
    }

    @Test
    void shouldJoinOnRequestIdAndCountLinesWithoutTruth() throws Exception {
        Path log = Files.writeString(dir.resolve("log.jsonl"),
                line("a", "machine_learning", "00000000000000aa", "\"header_count\":7.0,\"ip.reqs_1m\":3.0")
                        + "\n"
                        + line("b", "heuristics", null, "\"header_count\":2.0,\"ip.reqs_1m\":null")
                        + line("c", "verified_bot", "00000000000000cc", "\"header_count\":5.0,\"ip.reqs_1m\":1.0"));
        LabelledLog joined = LabelledLog.read(List.of(log), truth("a,human,0", "b,scraper,1", "z,human,0"), false);
        Dataset d = joined.dataset();
        assertEquals(3, joined.logLines());
        assertEquals(1, joined.withoutTruth());
        assertEquals(2, d.rowCount());
        assertEquals(List.of("header_count", "ip.reqs_1m"), d.featureNames());
        assertEquals(7f, d.column(0)[0]);
        assertTrue(Float.isNaN(d.column(1)[1]));
        assertEquals(List.of("human", "scraper"), d.populationNames());
        assertEquals(1, d.population(1));
        assertTrue(d.automated(1));
        assertEquals(ScoreSource.HEURISTICS, d.scoreSource(1));
        assertEquals("00000000000000aa", d.group(0));
        assertEquals("request:b", d.group(1));
        assertEquals(42, d.loggedScore(0));
    }

    @Test
    void shouldLabelSolvedChallengesHumanAndFailedOnesAutomatedWithoutGroundTruth() throws Exception {
        String[] outcomes = {"solved", "failed", "issued", "cleared", "replayed", null, "a_later_outcome", "failed"};
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < outcomes.length; i++) {
            String l = line("r" + i, "machine_learning", "00000000000000a" + i, "\"header_count\":" + i + ".0");
            lines.append(outcomes[i] == null ? l : l.replace("\"action\":\"none\"", "\"action\":\"none\",\"challenge\":\"" + outcomes[i] + '"'));
        }
        Path log = Files.writeString(dir.resolve("log.jsonl"), lines);
        LabelledLog labelled = LabelledLog.read(List.of(log), new ChallengeLabels(), false, 1);
        Dataset d = labelled.dataset();
        assertEquals(3, d.rowCount(), "solved and failed only");
        assertEquals(5, labelled.withoutTruth());
        assertEquals(List.of(0f, 1f, 7f), List.of(d.column(0)[0], d.column(0)[1], d.column(0)[2]));
        assertEquals(List.of(false, true, true), List.of(d.automated(0), d.automated(1), d.automated(2)));
        assertEquals(List.of(ChallengeLabels.FAILED_POPULATION, ChallengeLabels.SOLVED_POPULATION), d.populationNames());

        Path unlabelled = Files.writeString(dir.resolve("none.jsonl"), line("x", "machine_learning", "aa", "\"header_count\":1.0"));
        DataException e = assertThrows(DataException.class, () -> LabelledLog.read(List.of(unlabelled), new ChallengeLabels(), false, 1));
        assertTrue(e.getMessage().contains("no log line has a label in the challenge outcomes"), e.getMessage());
    }

    @Test
    void shouldNameFileAndLineOfAMalformedLogLine() throws Exception {
        Path log = Files.writeString(dir.resolve("log.jsonl"),
                line("a", "machine_learning", "aa", "\"header_count\":7.0") + "{\"request_id\":\"b\",\"score\":1,");
        DataException e = assertThrows(DataException.class,
                () -> LabelledLog.read(List.of(log), truth("a,human,0", "b,human,0"), false));
        assertEquals(log + ":2:29: score: invalid JSON: unexpected end of the document", e.getMessage());
    }

    @Test
    void shouldSkipAndCountMalformedLinesWhenAsked() throws Exception {
        Path log = Files.writeString(dir.resolve("log.jsonl"),
                line("a", "machine_learning", "aa", "\"header_count\":7.0")
                        + "{\"request_id\":\"b\",\"score\":1,\n"
                        + line("c", "machine_learning", "cc", "\"header_count\":\"seven\"")
                        + line("d", "machine_learning", "dd", "\"header_count\":1.0"));
        LabelledLog joined = LabelledLog.read(List.of(log), truth("a,human,0", "c,scraper,1", "d,scraper,1"), true);
        assertEquals(2, joined.skippedBad());
        assertEquals(2, joined.dataset().rowCount());
    }

    @Test
    void shouldRefuseALineWhoseFeaturesDifferFromTheFirst() throws Exception {
        String second = line("b", "machine_learning", "bb", "\"has_cookie\":1.0,\"header_count\":7.0");
        Path log = Files.writeString(dir.resolve("log.jsonl"),
                line("a", "machine_learning", "aa", "\"header_count\":7.0,\"has_cookie\":1.0") + second);
        DataException e = assertThrows(DataException.class,
                () -> LabelledLog.read(List.of(log), truth("a,human,0", "b,human,0"), false));
        // at the first key that differs
        int column = second.indexOf("\"has_cookie\"") + 1;
        assertTrue(e.getMessage().startsWith(log + ":2:" + column + ": features: feature 0 is \"has_cookie\""), e.getMessage());
    }

    @Test
    void shouldNameFileAndLineOfABadTruthRow() throws Exception {
        Path log = Files.writeString(dir.resolve("log.jsonl"), line("a", "machine_learning", "aa", "\"header_count\":7.0"));
        Path truth = truth("a,human,0", "b,scraper,2");
        DataException e = assertThrows(DataException.class, () -> LabelledLog.read(List.of(log), truth, false));
        assertEquals(truth + ":3: label must be 0 or 1, got \"2\"", e.getMessage());
        Path noHeader = Files.writeString(dir.resolve("t2.csv"), "a,human,0\n");
        e = assertThrows(DataException.class, () -> LabelledLog.read(List.of(log), noHeader, false));
        assertTrue(e.getMessage().startsWith(noHeader + ":1: expected the header"), e.getMessage());
    }

    @Test
    void shouldSelectRequestFeaturesByTheirDotlessNames() throws Exception {
        List<String> names = List.of("header_count", "ip.reqs_1m", "has_cookie", "ja4.reqs_1h");
        assertEquals(List.of("header_count", "has_cookie"), FeatureSelection.resolve("request", names));
        assertEquals(names, FeatureSelection.resolve("all", names));
        assertEquals(List.of("ja4.reqs_1h", "header_count"), FeatureSelection.resolve("ja4.reqs_1h, header_count", names));
        DataException e = assertThrows(DataException.class, () -> FeatureSelection.resolve("header_count,nope", names));
        assertTrue(e.getMessage().contains("no feature \"nope\""), e.getMessage());
    }

    @Test
    void shouldReadTheSameInParallelAndReportTheSameLine() throws Exception {
        StringBuilder log = new StringBuilder();
        StringBuilder truth = new StringBuilder();
        for (int i = 1; i <= 7_000; i++) {
            log.append(i == 5_000 ? "{\"request_id\": \"cut short\n"
                    : line("r" + i, "machine_learning", "ip" + (i % 97), "\"header_count\":" + i + ".5,\"ip.reqs_1m\":" + (i % 13)));
            truth.append("r").append(i).append(i % 3 == 0 ? ",scraper,1" : ",human,0").append('\n');
        }
        Path file = Files.writeString(dir.resolve("big.jsonl"), log);
        Path truthFile = truth(truth.toString().strip());
        for (int threads : new int[] {1, 2, 3}) {
            DataException e = assertThrows(DataException.class, () -> LabelledLog.read(List.of(file), truthFile, false, threads));
            assertEquals(file + ":5000:26: request_id: invalid JSON: unexpected end of the document", e.getMessage(),
                    threads + " threads");
        }
        LabelledLog one = LabelledLog.read(List.of(file), truthFile, true, 1);
        LabelledLog two = LabelledLog.read(List.of(file), truthFile, true, 2);
        assertEquals(1, two.skippedBad());
        assertEquals(6_999, two.dataset().rowCount());
        assertEquals(7_000, two.logLines());
        for (int f = 0; f < 2; f++) {
            assertTrue(java.util.Arrays.equals(one.dataset().column(f), two.dataset().column(f)));
        }
        for (int r = 0; r < 6_999; r++) {
            assertEquals(one.dataset().group(r), two.dataset().group(r));
            assertEquals(one.dataset().automated(r), two.dataset().automated(r));
        }
        assertEquals(5_001.5f, two.dataset().column(0)[4_999]);
    }
}

package dev.bliss.app.training;

import static dev.bliss.app.CommandRun.bliss;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.app.CommandRun;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bliss train} then {@code bliss evaluate} on a small labelled log in the proxy's and the
 * simulator's formats: the model file, its models.yaml entry, the report and its pictures, the
 * same bytes on a second run, and bad input reported with file:line.
 */
class TrainCommandTest {

    @TempDir
    Path dir;

    /** Scrapers: many requests per IP, no cookie. Humans: few, with cookies. */
    private void traffic(Path log, Path truth, int requests, long seed) throws Exception {
        Random random = new Random(seed);
        try (BufferedWriter l = Files.newBufferedWriter(log); BufferedWriter t = Files.newBufferedWriter(truth)) {
            t.write("request_id,population,label\n");
            for (int i = 0; i < requests; i++) {
                boolean bot = random.nextBoolean();
                String id = "s" + seed + "-" + i;
                int ip = bot ? random.nextInt(20) : 100 + random.nextInt(200);
                double reqs = Math.max(0, Math.round((bot ? 15 : 3) + random.nextGaussian() * 4));
                double cookie = random.nextDouble() < (bot ? 0.2 : 0.8) ? 1 : 0;
                l.write(String.format(Locale.ROOT, "{\"ts\":%d,\"request_id\":\"%s\",\"status\":200,\"score\":50,"
                                + "\"score_source\":\"%s\",\"detection_ids\":[],\"verified\":false,\"features_available\":true,"
                                + "\"action\":\"none\",\"keys\":{\"ip\":\"%016x\"},"
                                + "\"features\":{\"has_cookie\":%s,\"header_count\":%d,\"ip.reqs_1m\":%s}}%n",
                        i, id, i % 50 == 0 ? "heuristics" : "machine_learning", ip, cookie, 5 + random.nextInt(5), reqs));
                t.write(id + "," + (bot ? "scraper" : "human") + "," + (bot ? 1 : 0) + "\n");
            }
        }
    }

    @Test
    void shouldTrainWriteTheModelAndItsReportThenEvaluateIt() throws Exception {
        traffic(dir.resolve("train.jsonl"), dir.resolve("train.csv"), 4_000, 1);
        traffic(dir.resolve("test.jsonl"), dir.resolve("test.csv"), 2_000, 2);
        Path model = dir.resolve("config/models/bot-t.json");
        String[] train = {"train", "--log", dir.resolve("train.jsonl").toString(), "--truth", dir.resolve("train.csv").toString(),
            "--model", model.toString(), "--iterations", "60", "--early-stop", "20", "--report-dir", dir.resolve("report").toString()};
        CommandRun trained = bliss(train);
        assertEquals(0, trained.exit(), trained.err());
        assertTrue(trained.out().contains("model alone: AUC 0.9"), trained.out());
        assertTrue(trained.out().contains("""
                  - name: bot-t
                    file: models/bot-t.json
                    role: primary
                    features: [has_cookie, header_count, ip.reqs_1m]
                """), trained.out());
        assertTrue(trained.err().contains("4000 requests with truth"), trained.err());
        assertTrue(trained.err().contains("/60"), "progress lines on stderr: " + trained.err());
        for (String png : new String[] {"score-histogram.png", "roc.png"}) {
            byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve("report").resolve(png)), 4);
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, head, png);
        }
        assertTrue(Files.readString(dir.resolve("report/report.txt")).contains("feature importance"));
        assertTrue(Files.readString(dir.resolve("report/models-entry.yaml")).contains("file: models/bot-t.json"));

        byte[] first = Files.readAllBytes(model);
        assertEquals(0, bliss(train).exit());
        assertArrayEquals(first, Files.readAllBytes(model), "same seed, same bytes");

        CommandRun evaluated = bliss("evaluate", "--model", model.toString(), "--log", dir.resolve("test.jsonl").toString(),
                "--truth", dir.resolve("test.csv").toString(), "--report-dir", dir.resolve("eval").toString());
        assertEquals(0, evaluated.exit(), evaluated.err());
        assertTrue(evaluated.out().contains("final decision"), evaluated.out());
        assertTrue(evaluated.out().matches("(?s).*\\n  scraper +\\d+ .*"), evaluated.out());
        assertTrue(Files.exists(dir.resolve("eval/roc.png")));

        CommandRun onlyRequest = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("request.json").toString(),
                "--iterations", "20", "--features", "request");
        assertEquals(0, onlyRequest.exit(), onlyRequest.err());
        assertTrue(onlyRequest.out().contains("features: [has_cookie, header_count]"), onlyRequest.out());
    }

    @Test
    void shouldReportABadLineWithFileAndLine() throws Exception {
        traffic(dir.resolve("train.jsonl"), dir.resolve("train.csv"), 100, 1);
        Files.writeString(dir.resolve("train.jsonl"), "{\"request_id\": oops}\n", java.nio.file.StandardOpenOption.APPEND);
        CommandRun run = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("m.json").toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().startsWith("bliss train: " + dir.resolve("train.jsonl") + ":101: not JSON"), run.err());
        CommandRun skipping = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("m.json").toString(), "--iterations", "5",
                "--skip-bad");
        assertEquals(0, skipping.exit(), skipping.err());
        assertTrue(skipping.err().contains("1 malformed (skipped)"), skipping.err());
        CommandRun badOption = bliss("train", "--log", "x", "--truth", "y", "--depth", "40");
        assertEquals(2, badOption.exit());
        assertTrue(badOption.err().contains("depth must be 1..10"), badOption.err());
    }
}

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
        assertTrue(trained.err().contains("4000 requests with a label"), trained.err());
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

        // the threshold anchored at a stated precision, on per-tree feature subsets; the report says what was reached
        CommandRun anchored = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("anchored.json").toString(), "--iterations", "20",
                "--feature-fraction", "0.67", "--calibrate", "--precision-at-30", "0.99");
        assertEquals(0, anchored.exit(), anchored.err());
        assertTrue(anchored.out().contains("on the validation clients, then b=")
                && anchored.out().contains(" (asked 0.99), recall "), anchored.out());
        assertTrue(Files.readString(dir.resolve("anchored.json")).contains("feature_fraction=0.67"));
        CommandRun withoutCalibration = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("x.json").toString(), "--precision-at-30", "0.99");
        assertEquals(2, withoutCalibration.exit());
        assertTrue(withoutCalibration.err().contains("--precision-at-30 needs --calibrate"), withoutCalibration.err());

        // the scrapers also trained at a person's request rate; the model says it was
        CommandRun paced = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("paced.json").toString(), "--iterations", "20",
                "--augment-pace", "ip.reqs_1m");
        assertEquals(0, paced.exit(), paced.err());
        assertTrue(paced.err().matches("(?s).*--augment-pace: \\d+ automated rows copied at a person's pace.*"), paced.err());
        assertTrue(Files.readString(dir.resolve("paced.json")).contains("augment_pace=ip.reqs_1m"));
        CommandRun unknownPace = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("y.json").toString(), "--augment-pace", "ip.pages_1m");
        assertEquals(1, unknownPace.exit());
        assertTrue(unknownPace.err().contains("--augment-pace: pace feature ip.pages_1m is not among the selected features"),
                unknownPace.err());
        assertTrue(Files.notExists(dir.resolve("y.json")), "nothing written");

        // the scrapers' requests without a cookie (has_cookie 0 standing in for a failed check) also
        // trained with the people's other inputs; after the paced copies, of the real rows only
        CommandRun contradicted = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("contradicted.json").toString(), "--iterations", "20",
                "--augment-pace", "ip.reqs_1m", "--augment-contradictions", "has_cookie");
        assertEquals(0, contradicted.exit(), contradicted.err());
        assertTrue(contradicted.err().matches("(?s).*--augment-contradictions: \\d+ contradicting automated rows copied.*"),
                contradicted.err());
        assertTrue(Files.readString(dir.resolve("contradicted.json")).contains("augment_pace=ip.reqs_1m augment_contradictions=has_cookie"));
        CommandRun unknownCheck = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("z.json").toString(), "--augment-contradictions",
                "tls_agrees");
        assertEquals(1, unknownCheck.exit());
        assertTrue(unknownCheck.err().contains("--augment-contradictions: check tls_agrees is not among the selected features"),
                unknownCheck.err());
        CommandRun withoutPages = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("z.json").toString(), "--augment-refused-cookies");
        assertEquals(1, withoutPages.exit());
        assertTrue(withoutPages.err().contains("--augment-refused-cookies: input ip.ratio_cookie_10m is not among the selected "
                + "features"), withoutPages.err());
        CommandRun withoutTlsCheck = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("z.json").toString(), "--augment-foreign-tls");
        assertEquals(1, withoutTlsCheck.exit());
        assertTrue(withoutTlsCheck.err().contains("--augment-foreign-tls: input tls_agrees is not among the selected features"),
                withoutTlsCheck.err());
    }

    /** Two runs trained on and evaluated together, each with its own truth; one run given twice is refused. */
    @Test
    void shouldTrainAndEvaluateOnSeveralRunsWithATruthEach() throws Exception {
        traffic(dir.resolve("a.jsonl"), dir.resolve("a.csv"), 3_000, 5);
        traffic(dir.resolve("b.jsonl"), dir.resolve("b.csv"), 2_000, 6);
        Path model = dir.resolve("two.json");
        CommandRun trained = bliss("train", "--log", dir.resolve("a.jsonl").toString(), "--log", dir.resolve("b.jsonl").toString(),
                "--truth", dir.resolve("a.csv").toString(), "--truth", dir.resolve("b.csv").toString(),
                "--model", model.toString(), "--iterations", "20");
        assertEquals(0, trained.exit(), trained.err());
        assertTrue(trained.err().contains("5000 requests with a label"), trained.err());

        CommandRun evaluated = bliss("evaluate", "--model", model.toString(), "--log", dir.resolve("a.jsonl").toString(),
                "--log", dir.resolve("b.jsonl").toString(), "--truth", dir.resolve("a.csv").toString(),
                "--truth", dir.resolve("b.csv").toString());
        assertEquals(0, evaluated.exit(), evaluated.err());
        assertTrue(evaluated.out().contains("rows 5000 "), evaluated.out());

        CommandRun twice = bliss("train", "--log", dir.resolve("a.jsonl").toString(), "--truth", dir.resolve("a.csv").toString(),
                "--truth", dir.resolve("a.csv").toString(), "--model", dir.resolve("twice.json").toString());
        assertEquals(1, twice.exit());
        assertTrue(twice.err().contains("a.csv:2: request_id s5-0 is in " + dir.resolve("a.csv") + " too"), twice.err());

        CommandRun halfPair = bliss("train", "--log", dir.resolve("a.jsonl").toString(), "--truth", dir.resolve("a.csv").toString(),
                "--model", dir.resolve("half.json").toString(), "--leave-one-out-log", dir.resolve("b.jsonl").toString());
        assertEquals(2, halfPair.exit());
        assertTrue(halfPair.err().contains("--leave-one-out-log and --leave-one-out-truth go together"), halfPair.err());
    }

    /**
     * No ground truth: the browser challenge's outcomes in the log are the labels. Scripts fail the
     * challenge from few addresses and without cookies, browsers solve it; lines the challenge did
     * not decide (issued, cleared, none) are left out.
     */
    @Test
    void shouldTrainOnTheChallengeOutcomesWithoutGroundTruth() throws Exception {
        Random random = new Random(3);
        Path log = dir.resolve("challenged.jsonl");
        int labelled = 0;
        try (BufferedWriter l = Files.newBufferedWriter(log)) {
            for (int i = 0; i < 3_000; i++) {
                boolean bot = random.nextBoolean();
                int kind = random.nextInt(3);
                String challenge = kind == 0 ? (bot ? "failed" : "solved") : kind == 1 ? "issued" : null;
                labelled += kind == 0 ? 1 : 0;
                int ip = bot ? random.nextInt(20) : 100 + random.nextInt(400);
                double reqs = Math.max(0, Math.round((bot ? 15 : 3) + random.nextGaussian() * 4));
                double cookie = random.nextDouble() < (bot ? 0.2 : 0.8) ? 1 : 0;
                l.write(String.format(Locale.ROOT, "{\"ts\":%d,\"request_id\":\"c-%d\",\"status\":403,\"score\":50,"
                                + "\"score_source\":\"machine_learning\",\"detection_ids\":[],\"verified\":false,"
                                + "\"features_available\":true,\"action\":\"none\",%s\"keys\":{\"ip\":\"%016x\"},"
                                + "\"features\":{\"has_cookie\":%s,\"ip.reqs_1m\":%s}}%n",
                        i, i, challenge == null ? "" : "\"challenge\":\"" + challenge + "\",", ip, cookie, reqs));
            }
        }
        Path model = dir.resolve("challenge.json");
        CommandRun trained = bliss("train", "--log", log.toString(), "--labels", "challenge", "--model", model.toString(),
                "--iterations", "40", "--early-stop", "10");
        assertEquals(0, trained.exit(), trained.err());
        assertTrue(trained.err().contains(labelled + " requests with a label, " + (3_000 - labelled) + " without"), trained.err());
        assertTrue(trained.out().contains("model alone: AUC 0.9"), trained.out());
        assertTrue(Files.exists(model));

        CommandRun both = bliss("train", "--log", log.toString(), "--labels", "challenge", "--truth", "t.csv");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("either --truth FILE (ground truth) or --labels challenge"), both.err());
        CommandRun neither = bliss("train", "--log", log.toString());
        assertEquals(2, neither.exit());
        CommandRun unknown = bliss("train", "--log", log.toString(), "--labels", "captcha");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("--labels: \"captcha\" is not a label source (challenge)"), unknown.err());
    }

    @Test
    void shouldReportABadLineWithFileAndLine() throws Exception {
        traffic(dir.resolve("train.jsonl"), dir.resolve("train.csv"), 100, 1);
        Files.writeString(dir.resolve("train.jsonl"), "{\"request_id\": oops}\n", java.nio.file.StandardOpenOption.APPEND);
        CommandRun run = bliss("train", "--log", dir.resolve("train.jsonl").toString(), "--truth",
                dir.resolve("train.csv").toString(), "--model", dir.resolve("m.json").toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().startsWith("bliss train: " + dir.resolve("train.jsonl")
                + ":101:20: request_id: invalid JSON: unrecognized token 'oops'"), run.err());
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

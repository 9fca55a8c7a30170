package dev.bliss.app.training;

import static dev.bliss.app.CommandRun.bliss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.app.BlissConfig;
import dev.bliss.app.CommandRun;
import dev.bliss.app.features.EmbeddedFeatureService;
import dev.bliss.features.FeatureService;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.training.simulate.site.LabSite;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole training pipeline, small and bounded: the lab (a real proxy with bot management, the
 * embedded feature service and the detection log, in front of the lab site) takes simulated
 * traffic; {@code bliss train} learns a model from that detection log and the simulator's ground
 * truth; the proxy restarted with the model scores traffic from another seed with it, and
 * {@code bliss evaluate} measures it on that traffic's log.
 */
class LabPipelineTest {

    private static final int TRAINING_REQUESTS = 6_000;
    private static final int SCORED_REQUESTS = 3_000;

    @TempDir
    Path dir;

    private final Vertx vertx = Vertx.vertx();
    private LabSite site;

    @AfterEach
    void stop() throws Exception {
        if (site != null) {
            site.close().await(10, TimeUnit.SECONDS);
        }
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void shouldTrainOnSimulatedTrafficThenScoreNewTrafficWithTheModel() throws Exception {
        for (String shipped : List.of("features.yaml", "heuristics.yaml", "verified-bots.yaml")) {
            Files.copy(Path.of("..", "config", shipped), dir.resolve(shipped));
        }
        Files.writeString(dir.resolve("rules.yaml"), "rules: []\n");
        Files.writeString(dir.resolve("models.yaml"), "watch_interval: 0s\nmodels: []\n");
        site = new LabSite(vertx, LabSite.DEFAULT_REQUEST_ID_HEADER).listen("127.0.0.1", 0).await(10, TimeUnit.SECONDS);

        // 1. the lab without a model: the detection log records every request's features
        Path trainingLog = dir.resolve("logs/training.log");
        Path trainingTruth = dir.resolve("truth-11.csv");
        simulateThroughLab(trainingLog, 11, TRAINING_REQUESTS, trainingTruth);
        assertTrue(lines(trainingLog) > TRAINING_REQUESTS / 2, "the detection log has the simulated requests");

        // 2. a model from that log and the ground truth, with its models.yaml entry
        Path model = Files.createDirectories(dir.resolve("models")).resolve("lab.json");
        CommandRun trained = bliss("train", "--log", trainingLog.toString(), "--truth", trainingTruth.toString(),
                "--model", model.toString(), "--iterations", "60", "--depth", "4", "--threads", "2",
                "--report-dir", dir.resolve("training-report").toString());
        assertEquals(0, trained.exit(), trained.err());
        String entry = Files.readString(dir.resolve("training-report/models-entry.yaml"));
        assertTrue(entry.contains("file: models/lab.json"), entry);
        Files.writeString(dir.resolve("models.yaml"), "watch_interval: 0s\nmodels:\n" + entry);

        // 3. the lab again, now scoring with the model, on traffic from a seed it never saw
        Path scoredLog = dir.resolve("logs/scored.log");
        Path scoredTruth = dir.resolve("truth-12.csv");
        simulateThroughLab(scoredLog, 12, SCORED_REQUESTS, scoredTruth);
        String log = Files.readString(scoredLog);
        assertTrue(log.contains("\"score_source\":\"machine_learning\""), "the proxy scored with the trained model");

        // 4. the model's quality on that traffic
        CommandRun evaluated = bliss("evaluate", "--model", model.toString(), "--log", scoredLog.toString(),
                "--truth", scoredTruth.toString());
        assertEquals(0, evaluated.exit(), evaluated.err());
        System.out.println(evaluated.out());
        Matcher auc = Pattern.compile("model alone: AUC ([0-9.]+)").matcher(evaluated.out());
        assertTrue(auc.find(), evaluated.out());
        // a lab this small, in real time on a shared machine, moves from run to run: seven runs on
        // 2026-12-02 gave AUC 0.876-0.938 (before and after that day's lab changes alike), so the
        // bound says the model learnt the traffic, far above chance; quality is measured on the
        // full lab (training/README.md), not here
        assertTrue(Double.parseDouble(auc.group(1)) > 0.8, evaluated.out());
    }

    /** Starts the lab proxy logging to {@code log}, runs one simulation through it, stops it. */
    private void simulateThroughLab(Path log, long seed, int requests, Path truth) throws Exception {
        Path yaml = dir.resolve("bliss.yaml");
        Files.writeString(yaml, labConfig(log));
        BlissConfig config = BlissConfig.read(yaml);
        FeatureService features = EmbeddedFeatureService.startIfConfigured(config.featureService());
        assertNotNull(features, "the embedded feature service started");
        ProxyServer proxy = ProxyServer.start(config.proxy());
        try {
            CommandRun simulated = bliss("simulate", "--target", "http://127.0.0.1:" + proxy.port(0),
                    "--seed", Long.toString(seed), "--requests", Integer.toString(requests), "--duration", "90s",
                    "--truth", truth.toString());
            assertEquals(0, simulated.exit(), simulated.out() + simulated.err());
            assertTrue(simulated.out().contains(" answered, 0 failed"), "every request answered:\n" + simulated.out());
        } finally {
            proxy.close(); // drains the detection log's writer
            features.close();
        }
    }

    private String labConfig(Path log) {
        return """
                proxy: {event_loops: 2}
                listeners: [{host: 127.0.0.1, port: 0}]
                trusted_proxies: [127.0.0.1/32]
                admin: {enabled: false}
                upstreams:
                  lab_site: {origins: ["http://127.0.0.1:%d"]}
                routes: [{path_prefix: /, upstream: lab_site}]
                rules: rules.yaml
                plugins:
                  - name: bot
                    type: bot-management
                    config:
                      features: features.yaml
                      heuristics: heuristics.yaml
                      verified_bots: verified-bots.yaml
                      models: models.yaml
                      store: %s
                      events_ring: %s
                      fingerprint_headers: {ja3: x-ja3, ja4: x-ja4}
                      detection_log: {path: %s}
                feature_service:
                  features: features.yaml
                  store: %s
                  events_ring: %s
                  publish_interval: 250ms
                  admin: {enabled: false}
                """.formatted(site.port(), dir.resolve("store/features"), dir.resolve("store/events"), log,
                dir.resolve("store/features"), dir.resolve("store/events"));
    }

    private static long lines(Path file) throws Exception {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        }
    }
}

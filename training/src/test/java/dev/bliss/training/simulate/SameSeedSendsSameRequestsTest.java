package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's determinism: two runs with the same seed against the lab site on loopback send
 * the same requests (ids, methods, paths, every header including cookies, bodies) although their
 * timing differs; another seed sends other requests. Only the simulated send time
 * ({@code x-event-time}) may differ: an actor's first request goes when a slot frees, which
 * depends on how fast the others were answered.
 */
class SameSeedSendsSameRequestsTest {

    private static final int REQUESTS = 2000;

    @TempDir
    Path dir;

    @Test
    void shouldSendTheSameRequestsForTheSameSeedAndOthersForAnother() throws Exception {
        Map<String, String> first;
        Map<String, String> second;
        Map<String, String> other;
        // one site for all runs: its address is in every Referer and Host
        try (RecordingSite site = new RecordingSite()) {
            first = run(site, 7, "first");
            second = run(site, 7, "second");
            other = run(site, 8, "other");
        }

        assertEquals(REQUESTS, first.size());
        assertEquals(first.keySet(), second.keySet(), "same request ids");
        for (Map.Entry<String, String> e : first.entrySet()) {
            assertEquals(e.getValue(), second.get(e.getKey()), "request " + e.getKey());
        }
        assertTrue(first.keySet().stream().allMatch(id -> id.matches("s7-\\d{9}")), "ids are s<seed>-<9 digits>");

        Set<String> contentFirst = withoutIds(first);
        Set<String> contentOther = withoutIds(other);
        assertNotEquals(contentFirst, contentOther);
        Set<String> common = new HashSet<>(contentFirst);
        common.retainAll(contentOther);
        // both hit the same site, so a few identical requests (a crawler's robots.txt) can repeat
        assertTrue(common.size() < REQUESTS / 10, common.size() + " identical requests across seeds");
    }

    private Map<String, String> run(RecordingSite site, long seed, String name) throws Exception {
        site.arrivals().clear();
        Path truthPath = dir.resolve(name + ".csv");
        SimulationSettings settings = SimulationSettings.of(URI.create(site.url()), seed, REQUESTS, Duration.ofSeconds(240))
                .withConcurrency(64).withTimeScale(1e6);
        SimulationReport report;
        try (TruthFile truth = TruthFile.create(truthPath)) {
            report = Simulation.run(site.vertx(), settings, truth).await(300, TimeUnit.SECONDS);
        }
        assertEquals(SimulationReport.StopReason.REQUESTS, report.stoppedBy(), report.summary());
        assertEquals(REQUESTS, report.sent());
        assertEquals(REQUESTS, report.answered(), report.summary());
        List<String> rows = Files.readAllLines(truthPath);
        assertEquals(TruthFile.HEADER, rows.getFirst());
        assertEquals(REQUESTS + 1, rows.size());
        Map<String, String> sent = new HashMap<>();
        site.arrivals().forEach((id, arrival) -> sent.put(id, arrival.text().replaceAll("(?m)^x-event-time: \\d+\\n", "")));
        return sent;
    }

    private static Set<String> withoutIds(Map<String, String> requests) {
        Set<String> out = new HashSet<>();
        for (String text : requests.values()) {
            out.add(text.replaceAll("(?m)^x-request-id: .*\\n", "").replaceAll("(?m)^cookie: .*\\n", ""));
        }
        return out;
    }
}

package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short bounded run through the real proxy with the real bot plugin, in front of the lab site:
 * every population's requests arrive at the site with the balancer's headers the simulator sent
 * (X-Forwarded-For chain, the request id, the JA4 the plugin believed from the trusted peer, none
 * for the clients that came in cleartext), the
 * verified crawlers are verified by the plugin, and the truth file has one row per request sent.
 */
class SimulatedTrafficThroughProxyTest {

    private static final int REQUESTS = 1500;

    @TempDir
    Path dir;

    @Test
    void shouldDeliverEveryPopulationsRequestsWithTheirBalancerHeadersAndWriteOneTruthRowEach() throws Exception {
        try (RecordingSite site = new RecordingSite();
             ProxyServer proxy = LabProxy.start(dir, site, "rules: []\n", "", """
                     verified_header: x-lab-verified
                     ja4_header: x-lab-ja4
                     """)) {
            Map<String, SimulatedRequest> sent = new ConcurrentHashMap<>();
            Path truthPath = dir.resolve("truth.csv");
            SimulationSettings settings = SimulationSettings.of(URI.create("http://127.0.0.1:" + proxy.port(0)), 3, REQUESTS,
                    Duration.ofSeconds(240)).withConcurrency(48).withTimeScale(1e5);
            SimulationReport report;
            try (TruthFile truth = TruthFile.create(truthPath)) {
                report = Simulation.run(site.vertx(), settings, truth, r -> sent.put(r.id(), r)).await(300, TimeUnit.SECONDS);
            }
            assertEquals(REQUESTS, report.sent(), report.summary());
            assertEquals(REQUESTS, report.answered(), report.summary());

            Map<String, String> truth = new HashMap<>();
            List<String> rows = Files.readAllLines(truthPath);
            assertEquals(TruthFile.HEADER, rows.getFirst());
            for (String row : rows.subList(1, rows.size())) {
                String[] cols = row.split(",");
                assertEquals(3, cols.length, row);
                assertEquals(null, truth.put(cols[0], cols[1] + "," + cols[2]), "one row per request id: " + row);
            }
            assertEquals(REQUESTS, truth.size());

            Map<Population, Integer> arrived = new EnumMap<>(Population.class);
            int cleartext = 0;
            for (SimulatedRequest r : sent.values()) {
                assertEquals(r.population().id() + "," + r.population().label(), truth.get(r.id()));
                RecordingSite.Arrival a = site.arrivals().get(r.id());
                assertNotNull(a, "request " + r.id() + " (" + r.population().id() + ") reached the site");
                assertEquals(r.method(), a.method());
                assertEquals(r.path(), a.uri());
                // the proxy keeps the trusted balancer's chain and appends the balancer itself
                assertEquals(r.clientIp() + ", 127.0.0.1", a.headers().get("x-forwarded-for"), r.id());
                if (r.transport() == SimulatedRequest.Transport.TLS) {
                    assertEquals(r.fingerprint().ja4(), a.headers().get("x-lab-ja4"), "the plugin believed the JA4 of " + r.id());
                    assertEquals(r.fingerprint().ja3(), a.headers().get("x-ja3"));
                } else {
                    assertEquals(null, a.headers().get("x-lab-ja4"), "no JA4 for the cleartext client of " + r.id());
                    assertEquals(null, a.headers().get("x-ja3"));
                    cleartext++;
                }
                assertEquals(r.population() == Population.VERIFIED_BOT ? "true" : "false", a.headers().get("x-lab-verified"),
                        r.population().id() + " " + r.clientIp() + " " + r.headers());
                arrived.merge(r.population(), 1, Integer::sum);
            }
            for (Population p : Population.values()) {
                assertTrue(arrived.getOrDefault(p, 0) > 0, p.id() + " sent requests");
            }
            assertTrue(cleartext > 0 && cleartext < REQUESTS / 2, cleartext + " of " + REQUESTS + " requests in cleartext");
        }
    }
}

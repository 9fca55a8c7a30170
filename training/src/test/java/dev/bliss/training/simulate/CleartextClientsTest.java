package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.simulate.actor.Actor;
import dev.bliss.training.simulate.actor.Cast;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A share of every population reaches the site over plain HTTP: those actors' requests carry no
 * JA3 or JA4, say {@code X-Forwarded-Proto: http} and go over HTTP/1.1, so the detection log holds
 * people and bots without a TLS fingerprint, as a cleartext listener sees them.
 */
class CleartextClientsTest {

    private static final int REQUESTS = 3000;

    @TempDir
    Path dir;

    @Test
    void shouldDrawTheCleartextShareInEveryPopulationOfPeopleAndBots() {
        Map<Population, int[]> actors = actorsByTransport(0.15, 400_000);
        int[] people = new int[2];
        int[] bots = new int[2];
        for (Map.Entry<Population, int[]> e : actors.entrySet()) {
            int[] n = e.getValue();
            int[] side = e.getKey().label() == 0 ? people : bots;
            side[0] += n[0];
            side[1] += n[1];
            // every population with enough actors to tell has some of each
            if (n[0] + n[1] >= 100) {
                assertTrue(n[1] > 0 && n[0] > n[1], e.getKey().id() + ": " + n[1] + " of " + (n[0] + n[1]) + " in cleartext");
            }
        }
        assertShare(0.15, people, "people");
        assertShare(0.15, bots, "bots");
        // the extremes: none, all
        actorsByTransport(0, 50_000).forEach((p, n) -> assertEquals(0, n[1], p.id()));
        actorsByTransport(1, 50_000).forEach((p, n) -> assertEquals(0, n[0], p.id()));
        assertThrows(IllegalArgumentException.class, () -> new Cast(1, PopulationMix.DEFAULT, 10, "http://127.0.0.1:1", 1.5));
    }

    @Test
    void shouldSendCleartextClientsWithoutFingerprintsOverHttp11AndTheOthersWithThem() throws Exception {
        Map<String, SimulatedRequest> sent = new ConcurrentHashMap<>();
        try (RecordingSite site = new RecordingSite()) {
            SimulationSettings settings = SimulationSettings.of(URI.create(site.url()), 5, REQUESTS, Duration.ofSeconds(240))
                    .withConcurrency(64).withTimeScale(1e6).withCleartextShare(0.3);
            SimulationReport report;
            try (TruthFile truth = TruthFile.create(dir.resolve("truth.csv"))) {
                report = Simulation.run(site.vertx(), settings, truth, r -> sent.put(r.id(), r)).await(300, TimeUnit.SECONDS);
            }
            assertEquals(REQUESTS, report.answered(), report.summary());
            int[] byLabel = new int[2];
            int http2 = 0;
            int peopleWithFetchMetadata = 0;
            for (SimulatedRequest r : sent.values()) {
                RecordingSite.Arrival a = site.arrivals().get(r.id());
                assertNotNull(a, r.id());
                if ("HTTP_1_1".equals(a.version())) {
                    assertEquals(SimulationSettings.SITE_HOST, a.headers().get("host"), "the site's public name: " + r.id());
                }
                boolean secureContextHeaders = a.headers().keySet().stream()
                        .anyMatch(n -> n.startsWith("sec-fetch-") || n.startsWith("sec-ch-"));
                if (r.population().label() == 0) {
                    // browsers keep client hints and fetch metadata for secure contexts
                    assertFalse(r.transport() == SimulatedRequest.Transport.CLEARTEXT && secureContextHeaders,
                            "a person's browser over plain HTTP: " + r.id() + " " + a.headers().keySet());
                    peopleWithFetchMetadata += secureContextHeaders ? 1 : 0;
                }
                if (r.transport() == SimulatedRequest.Transport.CLEARTEXT) {
                    assertNull(a.headers().get("x-ja3"), r.id());
                    assertNull(a.headers().get("x-ja4"), r.id());
                    assertEquals("http", a.headers().get("x-forwarded-proto"), r.id());
                    assertEquals("HTTP_1_1", a.version(), "no browser speaks HTTP/2 without TLS: " + r.id());
                    byLabel[r.population().label()]++;
                } else {
                    assertEquals(r.fingerprint().ja3(), a.headers().get("x-ja3"), r.id());
                    assertEquals(r.fingerprint().ja4(), a.headers().get("x-ja4"), r.id());
                    assertEquals("https", a.headers().get("x-forwarded-proto"), r.id());
                    http2 += "HTTP_2".equals(a.version()) ? 1 : 0;
                }
            }
            assertTrue(byLabel[0] > 0 && byLabel[1] > 0, "people " + byLabel[0] + ", bots " + byLabel[1] + " in cleartext");
            assertTrue(http2 > 0, "clients over TLS still speak HTTP/2");
            assertTrue(peopleWithFetchMetadata > 0, "people's browsers over TLS send Sec-Fetch-* and client hints");
        }
    }

    /** Per population: actors over TLS ([0]) and in cleartext ([1]) in the cast of {@code requests} requests. */
    private static Map<Population, int[]> actorsByTransport(double share, long requests) {
        Cast cast = new Cast(11, PopulationMix.DEFAULT, requests, "http://127.0.0.1:1", share);
        Map<Population, int[]> out = new EnumMap<>(Population.class);
        for (Population p : Population.values()) {
            while (cast.hasNext(p)) {
                Actor actor = cast.next(p);
                out.computeIfAbsent(p, k -> new int[2])[actor.transport() == SimulatedRequest.Transport.TLS ? 0 : 1]++;
            }
        }
        return out;
    }

    /**
     * Within four standard deviations of a binomial draw of that many actors: a seed's draw, not a
     * tuned one (adding a population moves every later split of the seed's random source).
     */
    private static void assertShare(double expected, int[] n, String who) {
        int actors = n[0] + n[1];
        double share = n[1] / (double) actors;
        double bound = 4 * Math.sqrt(expected * (1 - expected) / actors);
        assertTrue(Math.abs(share - expected) < bound, who + ": " + n[1] + " of " + actors + " actors in cleartext, "
                + "more than " + bound + " from " + expected);
    }

}

package dev.bliss.training;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Writes a detection log and its ground truth in the formats the proxy and the simulator write,
 * with a known signal: scrapers send many requests per IP without cookies, headless browsers share
 * a busy TLS fingerprint (their cookies and headers look human), verified bots are decided by the
 * proxy's heuristics, humans look like humans. Features carry noise, and ip.interarrival_cv_10m is
 * sometimes null, so missing values are exercised. Seeded: the same seed writes the same bytes.
 */
public final class SyntheticTraffic {

    public static final List<String> FEATURES = List.of("header_count", "has_cookie", "user_agent_length",
            "ip.reqs_1m", "ip.distinct_paths_10m", "ip.interarrival_cv_10m", "ja4.reqs_1h");

    private SyntheticTraffic() {
    }

    /** Writes {@code requests} requests; returns nothing, the files are the result. */
    public static void write(Path log, Path truth, int requests, long seed) throws IOException {
        Random random = new Random(seed);
        try (BufferedWriter l = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
                BufferedWriter t = Files.newBufferedWriter(truth, StandardCharsets.UTF_8)) {
            t.write("request_id,population,label\n");
            for (int i = 0; i < requests; i++) {
                double u = random.nextDouble();
                String population = u < 0.5 ? "human" : u < 0.7 ? "scraper" : u < 0.9 ? "headless" : "verified_bot";
                boolean bot = !population.equals("human");
                // Clients: a few hundred humans, a few dozen scraper and headless IPs.
                int client = switch (population) {
                    case "human" -> random.nextInt(400);
                    case "scraper" -> 1000 + random.nextInt(30);
                    case "headless" -> 2000 + random.nextInt(60);
                    default -> 3000 + random.nextInt(10);
                };
                double headerCount = population.equals("scraper") ? 3 + random.nextInt(3) : 7 + random.nextInt(5);
                double cookie = switch (population) {
                    case "human", "headless" -> random.nextDouble() < 0.8 ? 1 : 0;
                    default -> random.nextDouble() < 0.1 ? 1 : 0;
                };
                double uaLength = 60 + random.nextInt(80);
                double reqs = switch (population) {
                    case "scraper" -> 20 + random.nextGaussian() * 8;
                    case "headless" -> 6 + random.nextGaussian() * 3;
                    default -> 3 + random.nextGaussian() * 2;
                };
                reqs = Math.max(0, Math.round(reqs));
                double paths = Math.max(0, Math.round(reqs * (population.equals("scraper") ? 0.9 : 0.5)
                        + random.nextGaussian()));
                Double cv = random.nextDouble() < 0.15 ? null
                        : population.equals("headless") ? 0.1 + 0.1 * random.nextDouble() : 0.5 + random.nextDouble();
                double ja4 = population.equals("headless") ? 300 + random.nextInt(200) : random.nextInt(350);
                String source = population.equals("verified_bot") ? "verified_bot"
                        : random.nextDouble() < 0.05 ? "heuristics" : "machine_learning";
                String id = "s" + seed + "-" + String.format(Locale.ROOT, "%09d", i);
                l.write(String.format(Locale.ROOT,
                        "{\"ts\":%d,\"request_id\":\"%s\",\"status\":200,\"score\":%d,\"score_source\":\"%s\","
                                + "\"detection_ids\":[],\"verified\":%b,\"features_available\":true,\"action\":\"none\","
                                + "\"keys\":{\"ip\":\"%016x\",\"ja4\":\"t13d1516h2_8daaf6152771\"},"
                                + "\"features\":{\"header_count\":%s,\"has_cookie\":%s,\"user_agent_length\":%s,"
                                + "\"ip.reqs_1m\":%s,\"ip.distinct_paths_10m\":%s,\"ip.interarrival_cv_10m\":%s,"
                                + "\"ja4.reqs_1h\":%s},\"extra_field_from_a_newer_proxy\":{\"x\":[1,2]}}\n",
                        1_700_000_000_000L + i * 10L, id, bot ? 10 : 90, source,
                        population.equals("verified_bot"), client * 0x9E3779B97F4A7C15L, headerCount, cookie, uaLength,
                        reqs, paths, cv == null ? "null" : cv.toString(), ja4));
                t.write(id + "," + population + "," + (bot ? 1 : 0) + "\n");
            }
        }
    }
}

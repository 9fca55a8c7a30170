package dev.bliss.proxy.admin;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Requests through a proxy whose {@code test-score} detector takes the score and its source from
 * headers, as if a model had scored them; one keep-alive client, requests one after another.
 */
final class ScoredTraffic {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final int port;

    ScoredTraffic(int port) {
        this.port = port;
    }

    /** Sends {@code n} requests with the given score (0: none) and source; returns the last status. */
    int send(int n, int score, String source, String userAgent, String ja4, int detectionId) throws Exception {
        int status = 0;
        for (int i = 0; i < n; i++) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/page/" + i))
                    .header("x-test-source", source).header("user-agent", userAgent);
            if (score > 0) {
                b.header("x-test-score", Integer.toString(score));
            }
            if (ja4 != null) {
                b.header("x-test-ja4", ja4);
            }
            if (detectionId > 0) {
                b.header("x-test-detection", Integer.toString(detectionId));
            }
            status = http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        }
        return status;
    }

    /**
     * A plausible mix for a picture: humans spread over 60–99, bots over 1–25, heuristics and
     * verified bots at 1, some unscored. Deterministic (a fixed-seed generator).
     */
    int sendMix(int n) throws Exception {
        java.util.Random random = new java.util.Random(17);
        int sent = 0;
        for (int i = 0; i < n; i++) {
            double kind = random.nextDouble();
            if (kind < 0.62) {
                int score = (int) Math.max(40, Math.min(99, Math.round(82 + random.nextGaussian() * 10)));
                send(1, score, "machine_learning", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
                        "t13d1516h2_8daaf6152771_e5627efa2ab1", 0);
            } else if (kind < 0.80) {
                int score = (int) Math.max(1, Math.min(29, Math.round(9 + random.nextGaussian() * 6)));
                String[] agents = {"python-requests/2.32.3", "Go-http-client/1.1", "Mozilla/5.0 (compatible; scraper/1.2)"};
                String[] prints = {"t13d1812h1_85036bcba153_b26ce05bbdd6", "t12d1209h1_0d6c0d5f7b0a_9b1f6b8c4e2d"};
                send(1, score, "machine_learning", agents[random.nextInt(agents.length)], prints[random.nextInt(prints.length)], 0);
            } else if (kind < 0.90) {
                send(1, 1, "heuristics", "curl/8.5.0", null, 3 + random.nextInt(3));
            } else if (kind < 0.95) {
                send(1, 1, "verified_bot", "Mozilla/5.0 (compatible; Googlebot/2.1)", null, 0);
            } else {
                send(1, 0, "not_computed", "Mozilla/5.0 (Macintosh) Safari/605.1", null, 0);
            }
            sent++;
        }
        return sent;
    }
}

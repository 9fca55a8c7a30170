package dev.bliss.training.simulate;

import java.net.URI;
import java.time.Duration;

/**
 * What a simulation run does. The run ends at whichever bound comes first: {@code requests} sent
 * or {@code duration} elapsed.
 *
 * @param target            the proxy's base URL, {@code http://host:port} (plain HTTP: the simulated
 *                          balancer in front of the proxy has terminated TLS)
 * @param seed              decides every actor and every request; same seed, same requests
 * @param requests          the most requests sent
 * @param duration          the longest the run sends
 * @param concurrency       actors active at once, each with at most one request in flight
 * @param connections       HTTP/1.1 connections to the target (shared by all actors, like a
 *                          balancer's pool); HTTP/2 actors share a few more connections
 * @param timeScale         the most simulated seconds per real second: the simulated clock runs
 *                          at most this much faster than the wall clock (slower when the target
 *                          cannot keep up); requests are stamped with it ({@code eventTimeHeader})
 * @param mix               the share of requests per population
 * @param requestIdHeader   the header carrying the request id (the proxy's request_id_header)
 * @param ja3Header         the header carrying JA3 (the bot plugin's fingerprint_headers.ja3)
 * @param ja4Header         the header carrying JA4 (fingerprint_headers.ja4)
 * @param eventTimeHeader   the header carrying the request's simulated time in epoch ms (the bot
 *                          plugin's event_time_header); "" sends none
 * @param cleartextShare    the share of actors, in every population alike, that reach the site
 *                          over plain HTTP: HTTP/1.1 and no JA3/JA4, as the proxy sees a cleartext client
 */
public record SimulationSettings(URI target, long seed, long requests, Duration duration, int concurrency,
                                 int connections, double timeScale, PopulationMix mix, String requestIdHeader,
                                 String ja3Header, String ja4Header, String eventTimeHeader,
                                 double cleartextShare) {

    public static final int DEFAULT_CONCURRENCY = 256;
    public static final int DEFAULT_CONNECTIONS = 256;
    public static final double DEFAULT_TIME_SCALE = 50;
    /**
     * Enough clients without a fingerprint in every population for a model to learn to score
     * without one (a site served over plain HTTP shows none), few enough to leave the TLS
     * populations most of the traffic.
     */
    public static final double DEFAULT_CLEARTEXT_SHARE = 0.15;

    public SimulationSettings {
        if (target.getHost() == null || !"http".equals(target.getScheme())) {
            throw new IllegalArgumentException("target " + target + ": expected http://host:port");
        }
        if (requests < 1) {
            throw new IllegalArgumentException("requests must be at least 1, got " + requests);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("duration must be positive, got " + duration);
        }
        if (concurrency < 1 || connections < 1) {
            throw new IllegalArgumentException("concurrency and connections must be at least 1");
        }
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new IllegalArgumentException("time scale must be a positive number, got " + timeScale);
        }
        if (!(cleartextShare >= 0 && cleartextShare <= 1)) {
            throw new IllegalArgumentException("cleartext share must be in [0, 1], got " + cleartextShare);
        }
    }

    /** Settings with the defaults for everything but target, seed and the two bounds. */
    public static SimulationSettings of(URI target, long seed, long requests, Duration duration) {
        return new SimulationSettings(target, seed, requests, duration, DEFAULT_CONCURRENCY, DEFAULT_CONNECTIONS,
                DEFAULT_TIME_SCALE, PopulationMix.DEFAULT, "x-request-id", "x-ja3", "x-ja4", "x-event-time",
                DEFAULT_CLEARTEXT_SHARE);
    }

    public SimulationSettings withConcurrency(int n) {
        return new SimulationSettings(target, seed, requests, duration, n, connections, timeScale, mix, requestIdHeader,
                ja3Header, ja4Header, eventTimeHeader, cleartextShare);
    }

    public SimulationSettings withTimeScale(double scale) {
        return new SimulationSettings(target, seed, requests, duration, concurrency, connections, scale, mix,
                requestIdHeader, ja3Header, ja4Header, eventTimeHeader, cleartextShare);
    }

    public SimulationSettings withMix(PopulationMix m) {
        return new SimulationSettings(target, seed, requests, duration, concurrency, connections, timeScale, m,
                requestIdHeader, ja3Header, ja4Header, eventTimeHeader, cleartextShare);
    }

    public SimulationSettings withCleartextShare(double share) {
        return new SimulationSettings(target, seed, requests, duration, concurrency, connections, timeScale, mix,
                requestIdHeader, ja3Header, ja4Header, eventTimeHeader, share);
    }

    /** The port of the target, with HTTP's default when the URL has none. */
    public int port() {
        return target.getPort() < 0 ? 80 : target.getPort();
    }

    /**
     * The site's host as its clients name it (Host, :authority), whatever address the simulator
     * connects to: a public name, so that the proxy judges the scheme the browser saw by the
     * balancer's X-Forwarded-Proto, as for a real site, and not by a loopback host (which
     * browsers treat as a secure context over plain HTTP too).
     */
    public static final String SITE_HOST = "shop.example";

    /** The origin clients write in Referer and Origin headers. */
    public String origin() {
        return "http://" + SITE_HOST;
    }
}

package dev.bliss.proxy.config;

import java.time.Duration;
import java.util.List;

/**
 * A group of interchangeable origins, chosen round-robin. An origin that fails
 * {@code maxFailures} times in a row (connect error or timeout) is skipped for {@code cooldown};
 * when every origin is skipped the proxy answers 502 at once.
 *
 * @param poolSize HTTP/1.1 connections per origin per event loop (Vert.x' default of 5 caps a
 *                 proxy at a few hundred requests per second against a 20 ms origin)
 */
public record UpstreamOptions(String name, List<OriginAddress> origins, int poolSize, int maxFailures, Duration cooldown) {

    public static final int DEFAULT_POOL_SIZE = 64;
    public static final int DEFAULT_MAX_FAILURES = 3;
    public static final Duration DEFAULT_COOLDOWN = Duration.ofSeconds(10);

    public UpstreamOptions {
        origins = List.copyOf(origins);
    }
}

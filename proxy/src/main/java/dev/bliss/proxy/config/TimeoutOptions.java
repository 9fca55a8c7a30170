package dev.bliss.proxy.config;

import java.time.Duration;

/**
 * Timeouts towards origins and for shutdown.
 *
 * @param connect  the longest wait for an origin connection (then 502)
 * @param response the longest an origin may stay silent while a response is due (then 504),
 *                 counted from the last byte of the request it was given: each chunk of an
 *                 upload starts it again, so only an upload that stops moving times out
 * @param shutdown how long in-flight requests may run on after SIGTERM
 */
public record TimeoutOptions(Duration connect, Duration response, Duration shutdown) {

    public static final Duration DEFAULT_CONNECT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_RESPONSE = Duration.ofSeconds(60);
    public static final Duration DEFAULT_SHUTDOWN = Duration.ofSeconds(30);
}

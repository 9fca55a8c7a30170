package dev.bliss.proxy.exchange;

import dev.bliss.proxy.config.LimitOptions;
import dev.bliss.proxy.config.TimeoutOptions;

/**
 * How slow a client may be before the proxy gives up on it, in the units the sweep works in.
 *
 * @param headerNanos       a whole request head (timeouts.client_header)
 * @param bodyNanos         a pause between two reads of a request body (timeouts.client_body)
 * @param keepAliveNanos    an idle connection between requests (timeouts.keepalive)
 * @param maxUploadsPerLoop uploads holding origin connections on one loop, 0 for no cap (limits.max_uploads_per_loop)
 */
public record SlowClientLimits(long headerNanos, long bodyNanos, long keepAliveNanos, int maxUploadsPerLoop) {

    public static SlowClientLimits of(TimeoutOptions timeouts, LimitOptions limits) {
        return new SlowClientLimits(timeouts.clientHeader().toNanos(), timeouts.clientBody().toNanos(),
                timeouts.keepAlive().toNanos(), limits.maxUploadsPerLoop());
    }

    /** The shortest of the three timeouts, which the sweep's tick must resolve. */
    long shortestNanos() {
        return Math.min(headerNanos, Math.min(bodyNanos, keepAliveNanos));
    }
}

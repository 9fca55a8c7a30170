package dev.bliss.proxy.routing;

import dev.bliss.proxy.config.OriginAddress;
import io.vertx.core.net.SocketAddress;

/**
 * One origin of an upstream group, with its passive health.
 *
 * <p>Shared by every event loop: failures counted on one loop take the origin out of rotation on
 * all of them. The counters are plain volatile fields updated without locks; a lost update under a
 * race costs at most one extra attempt, which is cheaper than a lock on every request.
 */
public final class Origin {

    private final OriginAddress address;
    private final SocketAddress socketAddress;
    private final int maxFailures;
    private final long cooldownNanos;
    private volatile int consecutiveFailures;
    private volatile long downUntilNanos;

    Origin(OriginAddress address, int maxFailures, long cooldownNanos) {
        this.address = address;
        this.socketAddress = SocketAddress.inetSocketAddress(address.port(), address.host());
        this.maxFailures = maxFailures;
        this.cooldownNanos = cooldownNanos;
    }

    public OriginAddress address() {
        return address;
    }

    public SocketAddress socketAddress() {
        return socketAddress;
    }

    /** Whether the origin may be tried now. */
    public boolean isAvailable(long nowNanos) {
        return consecutiveFailures < maxFailures || nowNanos - downUntilNanos >= 0;
    }

    /** A connect error or timeout; the origin leaves rotation after {@code maxFailures} in a row. */
    public void recordFailure(long nowNanos) {
        int failures = consecutiveFailures + 1;
        consecutiveFailures = failures;
        if (failures >= maxFailures) {
            downUntilNanos = nowNanos + cooldownNanos;
        }
    }

    public void recordSuccess() {
        if (consecutiveFailures != 0) {
            consecutiveFailures = 0;
        }
    }

    @Override
    public String toString() {
        return address.toString();
    }
}

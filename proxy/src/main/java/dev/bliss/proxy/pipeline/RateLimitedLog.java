package dev.bliss.proxy.pipeline;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs a recurring failure at most once per interval, with the number of occurrences suppressed
 * since the last line: a detector that throws on every request must not flood the log. Thread-safe.
 */
public final class RateLimitedLog {

    private static final Logger LOG = System.getLogger("dev.bliss.proxy.pipeline");

    private final long intervalNanos;
    private final AtomicLong nextAllowed = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong suppressed = new AtomicLong();

    public RateLimitedLog(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    public void warn(String message, Throwable error) {
        long now = System.nanoTime();
        long allowed = nextAllowed.get();
        if ((allowed != Long.MIN_VALUE && now - allowed < 0) || !nextAllowed.compareAndSet(allowed, now + intervalNanos)) {
            suppressed.incrementAndGet();
            return;
        }
        long dropped = suppressed.getAndSet(0);
        LOG.log(Level.WARNING, message + (dropped > 0 ? " (" + dropped + " similar suppressed)" : ""), error);
    }
}

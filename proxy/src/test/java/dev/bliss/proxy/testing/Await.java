package dev.bliss.proxy.testing;

import io.vertx.core.Future;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

/**
 * Waits from a test thread, bounded, so a hung test fails instead: for a Vert.x future (at most
 * 20 s), or for a condition that only shows from outside (a metric, a log file's lines), read
 * again every 20 ms for at most 10 s.
 */
public final class Await {

    private static final long READ_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private Await() {
    }

    public static <T> T result(Future<T> future) {
        try {
            return future.await(20, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no result within 20 s", e);
        }
    }

    /**
     * Reads {@code value} until {@code done} holds of it or 10 s have passed, and returns the last
     * value read: the caller asserts on it, so a condition never met fails with what was seen.
     * For what the proxy shows only over HTTP or in files, with nothing to be notified by.
     */
    public static <T> T until(Callable<T> value, Predicate<? super T> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        T seen = value.call();
        while (!done.test(seen) && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(READ_EVERY_NANOS);
            seen = value.call();
        }
        return seen;
    }
}

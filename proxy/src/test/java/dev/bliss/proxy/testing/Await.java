package dev.bliss.proxy.testing;

import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for a Vert.x future from a test thread, at most 20 s, so a hung test fails instead. */
public final class Await {

    private Await() {
    }

    public static <T> T result(Future<T> future) {
        try {
            return future.await(20, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no result within 20 s", e);
        }
    }
}

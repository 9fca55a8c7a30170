package dev.bliss.proxy.testing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * Starts a Vert.x client call on one of its instance's contexts instead of the test thread, for
 * the calls whose steps are chained ({@code request ─► send ─► body}).
 *
 * <p>Chained on the test thread, each {@code compose} is attached while the event loop already
 * runs the exchange. On a pooled connection the proxy answers within a millisecond, and a test
 * thread descheduled for that long between two {@code compose} calls (a loaded 2-core CI
 * machine) attaches {@code resp.body()} after the body has gone by: Vert.x 5.0.7 drops the chunks
 * and the end of a response that has no handler yet (eclipse-vertx/vert.x#5904), and the future
 * never completes. Chained on a context, every step is attached in one task of that context, and
 * the request's events run on the same context after it, so none can be missed.
 *
 * <p>Seen as a 20 s timeout of {@code HeaderHygieneThroughProxyTest}'s HTTP/2 loop on CI; the
 * proxy had sent the whole response (its stream closed, nothing left to write).
 */
public final class OnContext {

    private OnContext() {
    }

    /** Runs {@code call} on a context of {@code vertx}; the future completes as the call's does. */
    public static <T> Future<T> start(Vertx vertx, Supplier<Future<T>> call) {
        Promise<T> result = Promise.promise();
        vertx.getOrCreateContext().runOnContext(v -> {
            try {
                call.get().onComplete(result);
            } catch (RuntimeException e) {
                result.fail(e);
            }
        });
        return result.future();
    }
}

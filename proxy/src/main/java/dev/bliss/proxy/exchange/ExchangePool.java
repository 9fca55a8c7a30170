package dev.bliss.proxy.exchange;

import dev.bliss.plugin.field.FieldScheme;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;

/**
 * The free list of one event loop's {@link Exchange}s: it grows to the loop's peak number of
 * requests in flight and stays there. Event loop only: no locks; the in-flight count is stored
 * opaquely so that shutdown can watch it from another thread.
 */
final class ExchangePool {

    private static final VarHandle IN_FLIGHT;

    static {
        try {
            IN_FLIGHT = MethodHandles.lookup().findVarHandle(ExchangePool.class, "inFlight", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ArrayDeque<Exchange> free = new ArrayDeque<>();
    private final FieldScheme scheme;
    private final RequestPath path;
    private int inFlight;

    ExchangePool(RequestPath path, FieldScheme scheme) {
        this.path = path;
        this.scheme = scheme;
    }

    Exchange acquire() {
        Exchange e = free.pollFirst();
        if (e == null) {
            e = new Exchange(path, scheme.newTable());
        }
        IN_FLIGHT.setOpaque(this, inFlight + 1);
        return e;
    }

    void release(Exchange e) {
        e.reset();
        IN_FLIGHT.setOpaque(this, inFlight - 1);
        free.addFirst(e);
    }

    /** Exchanges begun and not yet ended on this loop; any thread. */
    int inFlight() {
        return (int) IN_FLIGHT.getOpaque(this);
    }
}

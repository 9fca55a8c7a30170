package dev.bliss.proxy.exchange;

import dev.bliss.plugin.field.FieldScheme;
import java.util.ArrayDeque;

/**
 * The free list of one event loop's {@link Exchange}s: it grows to the loop's peak number of
 * requests in flight and stays there. Event loop only: no locks.
 */
final class ExchangePool {

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
        inFlight++;
        return e;
    }

    void release(Exchange e) {
        e.reset();
        inFlight--;
        free.addFirst(e);
    }

    /** Exchanges begun and not yet ended on this loop. */
    int inFlight() {
        return inFlight;
    }
}

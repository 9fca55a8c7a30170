package dev.bliss.proxy.internal;

import dev.bliss.plugin.field.FieldScheme;
import java.util.ArrayDeque;

/**
 * The free list of one event loop's {@link RequestContext}s. A context is taken when a request
 * arrives and given back when its exchange is complete; the pool grows to the loop's peak
 * concurrency and stays there. Event-loop only: no locks.
 */
final class RequestContextPool {

    private final ArrayDeque<RequestContext> free = new ArrayDeque<>();
    private final FieldScheme scheme;

    RequestContextPool(FieldScheme scheme) {
        this.scheme = scheme;
    }

    RequestContext acquire() {
        RequestContext c = free.pollFirst();
        if (c == null) {
            c = new RequestContext(scheme.newTable());
        }
        c.reset();
        return c;
    }

    void release(RequestContext c) {
        c.view.clear();
        free.addFirst(c);
    }
}

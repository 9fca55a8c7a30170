package dev.bliss.proxy.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;

/**
 * What the client-connection defences did (slow clients, the upload cap, PROXY headers), summed
 * over the event loops when scraped:
 *
 * <pre>
 *   bliss_client_timeouts_total{phase}   header | body | keepalive: connections closed (or 408) for a client too slow
 *   bliss_uploads_refused_total          503: the loop's cap on uploads holding origin connections was reached
 *   bliss_uploads_in_progress            uploads holding (or waiting for) an origin connection now
 *   bliss_proxy_protocol_refused_total{reason}  untrusted | malformed: connections closed before their first request
 * </pre>
 *
 * Each loop counts into its own {@link LoopCounters} ({@link #newLoop()}); nothing is shared on
 * the request path. Thread-safe.
 */
public final class ClientConnectionMeters {

    public static final int HEADER_TIMEOUTS = 0;
    public static final int BODY_TIMEOUTS = 1;
    public static final int KEEP_ALIVE_TIMEOUTS = 2;
    public static final int UPLOADS_REFUSED = 3;
    public static final int UPLOADS_TAKEN = 4;
    public static final int UPLOADS_DONE = 5;
    public static final int PROXY_PROTOCOL_UNTRUSTED = 6;
    public static final int PROXY_PROTOCOL_MALFORMED = 7;
    private static final int SIZE = 8;

    private final List<LoopCounters> loops = new CopyOnWriteArrayList<>();

    ClientConnectionMeters(MeterRegistry registry) {
        timeouts(registry, "header", HEADER_TIMEOUTS);
        timeouts(registry, "body", BODY_TIMEOUTS);
        timeouts(registry, "keepalive", KEEP_ALIVE_TIMEOUTS);
        FunctionCounter.builder("bliss_uploads_refused", this, m -> m.sum(c -> c.get(UPLOADS_REFUSED)))
                .description("Uploads answered 503: the event loop's cap on uploads holding origin connections was reached")
                .register(registry);
        Gauge.builder("bliss_uploads_in_progress", this, m -> m.sum(c -> c.get(UPLOADS_TAKEN) - c.get(UPLOADS_DONE)))
                .description("Requests holding or waiting for an origin connection while their body is still arriving")
                .register(registry);
        proxyProtocol(registry, "untrusted", PROXY_PROTOCOL_UNTRUSTED);
        proxyProtocol(registry, "malformed", PROXY_PROTOCOL_MALFORMED);
    }

    /** The counters of one event loop (single writer: that loop), indexed by the constants above. */
    public LoopCounters newLoop() {
        LoopCounters c = new LoopCounters(SIZE);
        loops.add(c);
        return c;
    }

    private void timeouts(MeterRegistry registry, String phase, int slot) {
        FunctionCounter.builder("bliss_client_timeouts", this, m -> m.sum(c -> c.get(slot)))
                .description("Client connections closed (or answered 408) for sending too slowly, by phase")
                .tag("phase", phase).register(registry);
    }

    private void proxyProtocol(MeterRegistry registry, String reason, int slot) {
        FunctionCounter.builder("bliss_proxy_protocol_refused", this, m -> m.sum(c -> c.get(slot)))
                .description("Connections closed before a request: a PROXY header from an untrusted peer, or a missing or malformed one")
                .tag("reason", reason).register(registry);
    }

    private double sum(ToLongFunction<LoopCounters> value) {
        long sum = 0;
        for (LoopCounters c : loops) {
            sum += value.applyAsLong(c);
        }
        return sum;
    }
}

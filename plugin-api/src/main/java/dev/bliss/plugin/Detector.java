package dev.bliss.plugin;

import dev.bliss.plugin.field.Fields;

/**
 * Inspects requests and writes what it finds into fields; one instance per event loop.
 *
 * <p><b>Ownership and thread:</b> {@link DetectorFactory#newDetector()} makes one detector for
 * each event loop, and every method below is called on that loop's thread only, so a detector
 * keeps mutable scratch state (buffers, arrays) without locks, the way a Netty handler that is
 * not {@code @Sharable} does.
 *
 * <p><b>Per request</b>, in this order:
 * <pre>
 *   inspect ──► [AsyncDetector: begin … resume] ──► firewall ──► forward ──► origin
 *                                                       │
 *                                                       └─ block/challenge: answered locally
 *   onComplete ◄── always, when the response is done (also for local answers and errors)
 * </pre>
 *
 * <p><b>Per-request state</b> belongs in {@link Fields}: a detector serves many requests of its
 * loop concurrently (one waits for its origin while the next is inspected), so scratch buffers
 * are for the duration of one call; anything {@link #forward} or {@link #onComplete} needs is
 * kept in the request's fields or recomputed from the request.
 *
 * <p><b>Rules:</b> {@link #inspect} must not block, should not throw, and should not allocate
 * once warm; a detector that throws is counted and logged (rate-limited), its fields stay unset
 * and the request goes on, unless its configuration says {@code on_error: closed}. A detector
 * never answers a request: the firewall is the one place that blocks or challenges.
 */
public interface Detector {

    /** Reads the request and sets this detector's fields. */
    void inspect(RequestView request, Fields fields);

    /**
     * Adds or replaces headers of the request sent to the origin; called only when the request is
     * forwarded, after the firewall.
     */
    default void forward(RequestView request, Fields fields, OriginHeaders origin) {
    }

    /**
     * Called once per request when its response has been sent or the exchange failed, for every
     * request, including those answered locally. For counting and event logging.
     *
     * @param status the status sent to the client, or 0 when the connection failed first
     */
    default void onComplete(RequestView request, Fields fields, int status) {
    }
}

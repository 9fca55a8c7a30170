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
 * <p><b>Request identity:</b> the same {@link RequestView} instance is passed to every call of one
 * request ({@code inspect}, an async stage, {@code forward}, {@code onComplete}), and the proxy
 * does not pass that instance for another request until this request's {@code onComplete} has
 * returned. So a detector that keeps state of its own between the phases of a request (more than
 * fields can hold, such as a copy of a scratch vector) may key it by the view's identity
 * ({@code ==}), and release it in {@code onComplete}. {@code onComplete} is called once per
 * request, also for requests whose {@code inspect} never ran (answered before the detectors,
 * e.g. a 413); such state must be allowed to be missing.
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
     * The log phase: called once per request when its response has been sent or the exchange
     * failed, for every request, including those answered locally. For counting and event logging.
     * Like {@link #inspect}, it must not block and should not allocate once warm.
     *
     * @param completion the status sent and the firewall's decision; valid during this call only
     */
    default void onComplete(RequestView request, Fields fields, Completion completion) {
    }
}

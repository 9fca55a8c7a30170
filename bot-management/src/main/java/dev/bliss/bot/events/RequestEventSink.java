package dev.bliss.bot.events;

/**
 * Where the detector's log phase sends each request's event: in production the shared-memory
 * ring that the feature service consumes ({@link RingEventSink}). Called on the event loop, for
 * every request; must not block or allocate; a sink that cannot keep up drops and counts.
 */
public interface RequestEventSink extends AutoCloseable {

    /** Takes the event's content; the event object is reused after the call returns. */
    void publish(RequestEvent event);

    /** Stops the sink's background work, if any. Called once, when the plugin closes. */
    @Override
    default void close() {
    }

    /** A sink that keeps nothing (events disabled with {@code events_ring: ""}). */
    RequestEventSink NONE = event -> { };
}

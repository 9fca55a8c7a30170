package dev.bliss.bot.events;

/**
 * Where the detector's log phase sends each request's event: in production the shared-memory
 * ring that the feature service consumes. Called on the event loop, for every request; must not
 * block or allocate; a sink that cannot keep up drops and counts.
 */
public interface RequestEventSink {

    /** Takes the event's content; the event object is reused after the call returns. */
    void publish(RequestEvent event);

    /** A sink that keeps nothing, until the feature service's ring is configured. */
    RequestEventSink NONE = event -> { };
}

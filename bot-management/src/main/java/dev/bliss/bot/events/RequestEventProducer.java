package dev.bliss.bot.events;

/**
 * One event loop's way into a {@link RequestEventSink}: made once per detector by
 * {@link RequestEventSink#newProducer()}, then called by that detector's event loop alone, for
 * every request.
 *
 * <p><b>Thread:</b> the one event loop that owns it; never shared, so it needs no thread local
 * and no lock. <b>Allocation:</b> none; never blocks: a producer that cannot hand the event on
 * drops it and counts it.
 */
public interface RequestEventProducer {

    /** Takes the event's content; the event object is reused after the call returns. */
    void publish(RequestEvent event);

    /** A producer that keeps nothing. */
    RequestEventProducer NONE = event -> { };
}

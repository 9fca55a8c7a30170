package dev.bliss.bot.events;

/**
 * Where the detectors' log phase sends each request's event: in production the shared-memory
 * rings that the feature service consumes ({@link RingEventSink}). Shared by every event loop;
 * each loop publishes through a {@link RequestEventProducer} of its own.
 */
public interface RequestEventSink extends AutoCloseable {

    /**
     * A producer for the calling event loop. Called once per detector, on its loop's thread,
     * before the loop serves requests (as {@code DetectorFactory.newDetector} is): it may make
     * system calls and allocate.
     */
    RequestEventProducer newProducer();

    /** Stops the sink's background work, if any. Called once, when the plugin closes. */
    @Override
    default void close() {
    }

    /** A sink that keeps nothing (events disabled with {@code events_ring: ""}). */
    RequestEventSink NONE = () -> RequestEventProducer.NONE;
}

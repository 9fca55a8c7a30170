package dev.bliss.features.events;

/**
 * Receives each valid request event the {@link RingConsumer} reads, on the consumer thread. The
 * record is valid only during the call; a handler copies what it keeps.
 */
@FunctionalInterface
public interface RequestEventHandler {

    void onEvent(RequestEventRecord event);

    /**
     * Called after each poll that read records: a handler that batches events (to overlap their
     * cache misses) applies what it holds.
     */
    default void endOfBatch() {
    }
}

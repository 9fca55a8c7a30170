package dev.bliss.plugin;

/**
 * Made once by {@link DetectorProvider#prepare}; makes one {@link Detector} per event loop.
 * Holds what the detectors share (models, tables): immutable, or safely published.
 */
public interface DetectorFactory extends AutoCloseable {

    /**
     * A detector for one event loop, called on that loop's thread before it serves requests.
     * Preallocate scratch state here.
     */
    Detector newDetector();

    /** Releases shared resources when the pipeline stops; detectors are no longer called. */
    @Override
    default void close() {
    }
}

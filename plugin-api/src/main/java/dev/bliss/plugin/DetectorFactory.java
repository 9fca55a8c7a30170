package dev.bliss.plugin;

import dev.bliss.plugin.config.ConfigException;

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

    /**
     * The same, for a detector that reports the scores it decides to the host's per-loop
     * {@code scores} ({@link ScoreTally}); the proxy calls this one. By default it makes the
     * detector without, which then is not counted in the score histograms.
     */
    default Detector newDetector(ScoreTally scores) {
        return newDetector();
    }

    /**
     * Reads again the files this plugin loaded when it was prepared (models, lists, rules of its
     * own), for {@code SIGHUP} and {@code POST /reload}. The plugin's configuration section is not
     * read again: changing it takes a restart.
     *
     * <p>Called off the event loops, never twice at once, while the detectors keep serving; may
     * block. All or nothing: the plugin validates every file first and publishes the new state
     * only when all pass (detectors see it on a later request), so on an exception what was in
     * force stays in force.
     *
     * @return one line saying what was reloaded, for the log and the admin answer
     * @throws ConfigException when a file is refused, naming file, line and key
     */
    default String reload() throws ConfigException {
        return "nothing to reload";
    }

    /**
     * Closes and reopens the log files the plugin writes at their configured paths, after
     * logrotate moved them away ({@code SIGUSR1}). Called off the event loops; may block briefly.
     * A file that cannot be opened again is reported here and logged by the caller.
     */
    default void reopenLogs() throws java.io.IOException {
    }

    /** Releases shared resources when the pipeline stops; detectors are no longer called. */
    @Override
    default void close() {
    }
}

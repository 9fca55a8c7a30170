package dev.bliss.app.logging;

import java.util.logging.Level;

/**
 * The levels bliss.yaml names, in the words log shippers expect, and the java.util.logging level
 * each one is. A record is printed with the name of the highest level it reaches.
 */
public enum LogLevel {
    ERROR(Level.SEVERE),
    WARN(Level.WARNING),
    INFO(Level.INFO),
    DEBUG(Level.FINE),
    TRACE(Level.FINEST);

    private final Level jul;

    LogLevel(Level jul) {
        this.jul = jul;
    }

    Level jul() {
        return jul;
    }

    /** The name printed for a record at {@code level}. */
    static String nameOf(Level level) {
        int v = level.intValue();
        if (v >= Level.SEVERE.intValue()) {
            return "ERROR";
        }
        if (v >= Level.WARNING.intValue()) {
            return "WARN";
        }
        if (v >= Level.INFO.intValue()) {
            return "INFO";
        }
        if (v >= Level.FINE.intValue()) {
            return "DEBUG";
        }
        return "TRACE";
    }
}

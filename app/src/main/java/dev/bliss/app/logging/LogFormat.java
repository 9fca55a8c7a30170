package dev.bliss.app.logging;

/** How application log lines are written to standard error. */
public enum LogFormat {
    /** {@code 2026-12-01 20:17:43.123 INFO dev.bliss.proxy: message}, a stack trace on the lines after. */
    TEXT,
    /** One JSON object per line: ts, level, logger, message, error (the stack trace, folded in). */
    JSON
}

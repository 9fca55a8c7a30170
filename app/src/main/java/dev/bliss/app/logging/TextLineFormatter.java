package dev.bliss.app.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/** {@code 2026-12-01 20:17:43.123 INFO logger: message}, then the stack trace of a thrown error. */
final class TextLineFormatter extends Formatter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    @Override
    public String format(LogRecord r) {
        StringBuilder b = new StringBuilder(160);
        TIME.formatTo(r.getInstant(), b);
        b.append(' ').append(LogLevel.nameOf(r.getLevel())).append(' ').append(r.getLoggerName()).append(": ").append(formatMessage(r));
        b.append(System.lineSeparator());
        if (r.getThrown() != null) {
            StringWriter trace = new StringWriter();
            r.getThrown().printStackTrace(new PrintWriter(trace));
            b.append(trace);
        }
        return b.toString();
    }
}

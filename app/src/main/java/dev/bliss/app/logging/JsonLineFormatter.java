package dev.bliss.app.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/**
 * One JSON object per record, on one line, for log shippers:
 *
 * <pre>
 * {"ts":"2026-12-01T20:17:43.123Z","level":"WARN","logger":"dev.bliss.proxy","message":"...","error":"java.io.IOException: ...\n\tat ..."}
 * </pre>
 *
 * {@code ts} is UTC (ISO 8601, milliseconds); {@code error}, present only with a thrown exception,
 * is its whole stack trace, causes included, with line breaks escaped so the record stays one line.
 */
final class JsonLineFormatter extends Formatter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(java.time.ZoneOffset.UTC);

    @Override
    public String format(LogRecord r) {
        StringBuilder b = new StringBuilder(200);
        b.append("{\"ts\":\"");
        TIME.formatTo(r.getInstant(), b);
        b.append("\",\"level\":\"").append(LogLevel.nameOf(r.getLevel())).append('"');
        string(b, "logger", r.getLoggerName());
        string(b, "message", formatMessage(r));
        if (r.getThrown() != null) {
            StringWriter trace = new StringWriter();
            r.getThrown().printStackTrace(new PrintWriter(trace));
            string(b, "error", trace.toString().stripTrailing());
        }
        return b.append('}').append('\n').toString();
    }

    private static void string(StringBuilder b, String name, String value) {
        b.append(",\"").append(name).append("\":");
        if (value == null) {
            b.append("null");
            return;
        }
        b.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}

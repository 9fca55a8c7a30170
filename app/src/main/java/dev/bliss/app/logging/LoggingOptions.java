package dev.bliss.app.logging;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.util.Locale;

/**
 * The {@code logging} section of bliss.yaml.
 *
 * <pre>
 * logging:
 *   level: info      # error | warn | info | debug | trace
 *   format: text     # text | json
 * </pre>
 *
 * @param level  the least severe level written (default {@link #DEFAULT})
 * @param format the line format (default text)
 */
public record LoggingOptions(LogLevel level, LogFormat format) {

    /** What the long-running commands log with when bliss.yaml has no logging section. */
    public static final LoggingOptions DEFAULT = new LoggingOptions(LogLevel.INFO, LogFormat.TEXT);

    /**
     * What every command starts with: warnings and errors only, so the commands that print a result
     * ({@code rules check}, {@code features show}, ...) print nothing else.
     */
    public static final LoggingOptions QUIET = new LoggingOptions(LogLevel.WARN, LogFormat.TEXT);

    /** Reads the {@code logging} section of {@code root}, marking it read. */
    public static LoggingOptions read(ConfigSection root) throws ConfigException {
        ConfigSection s = root.section("logging");
        LogLevel level = LogLevel.valueOf(s.oneOf("level", "info", "error", "warn", "info", "debug", "trace").toUpperCase(Locale.ROOT));
        LogFormat format = LogFormat.valueOf(s.oneOf("format", "text", "text", "json").toUpperCase(Locale.ROOT));
        s.requireNoUnknownKeys();
        return new LoggingOptions(level, format);
    }
}

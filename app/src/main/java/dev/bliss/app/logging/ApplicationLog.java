package dev.bliss.app.logging;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Points java.util.logging's root logger at standard error with bliss's level and format. Everything
 * that logs in bliss ends there: System.Logger (our code), Netty and Vert.x (through JUL or SLF4J),
 * the CatBoost JNI and the Kafka clients of cluster mode (SLF4J, bound to JUL by slf4j-jdk14).
 * Under systemd, standard error is the journal. Call it from the main thread, before anything logs
 * if possible and again when the configuration has been read; each call replaces the previous
 * setting.
 *
 * <p>Kafka's clients log their whole configuration at INFO each time one is created (a hundred
 * lines per producer, consumer or admin client, several per start in cluster mode) and their
 * connection churn at INFO too, which would bury bliss's own INFO lines. At {@code info} they are
 * held to warnings and errors; a more verbose level ({@code debug}, {@code trace}) applies to them
 * as to everything else, and a quieter one is quieter for them too.
 */
public final class ApplicationLog {

    /** Held: java.util.logging keeps its loggers weakly, and a collected logger forgets its level. */
    private static final Logger KAFKA = Logger.getLogger("org.apache.kafka");

    private ApplicationLog() {
    }

    public static void configure(LoggingOptions options) {
        Formatter formatter = options.format() == LogFormat.JSON ? new JsonLineFormatter() : new TextLineFormatter();
        Handler handler = new StandardErrorHandler(formatter);
        handler.setLevel(options.level().jul());
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        root.setLevel(options.level().jul());
        root.addHandler(handler);
        KAFKA.setLevel(options.level() == LogLevel.INFO ? LogLevel.WARN.jul() : null);
    }

    /**
     * Standard error as it is at each record (tests swap System.err), flushed per record so a line is
     * whole in the journal at once. ConsoleHandler would hold the stream it found at construction
     * (and a StreamHandler without a stream of its own refuses every record).
     */
    private static final class StandardErrorHandler extends Handler {

        StandardErrorHandler(Formatter formatter) {
            setFormatter(formatter);
        }

        @Override
        public synchronized void publish(java.util.logging.LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            String line;
            try {
                line = getFormatter().format(record);
            } catch (RuntimeException e) {
                line = "bliss: a log record could not be formatted: " + e + System.lineSeparator();
            }
            System.err.print(line);
            System.err.flush();
        }

        @Override
        public synchronized void flush() {
            System.err.flush();
        }

        @Override
        public synchronized void close() {
            flush();
        }
    }
}

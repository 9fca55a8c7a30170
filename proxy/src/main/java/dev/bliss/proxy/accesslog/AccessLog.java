package dev.bliss.proxy.accesslog;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The optional JSON-lines access log. Event loops hand finished requests to a bounded queue and
 * never wait: when the queue is full the entry is dropped and counted. One daemon thread formats
 * and writes, flushing when the queue runs dry.
 */
public final class AccessLog implements AutoCloseable {

    /**
     * One finished request. Strings may be null; {@code ja3Hash} and {@code ja4} are the TLS
     * connection's fingerprints (null on plain connections); {@code requestId} is the id the
     * origin received ({@code request_id_header}).
     */
    public record Entry(long epochMillis, String client, String method, String uri, String host, String protocol,
                        int status, long durationMicros, String route, String origin, String reason,
                        String ruleId, String action, String ja3Hash, String ja4, String requestId) {
    }

    private static final int CAPACITY = 65_536;
    private static final Entry STOP = new Entry(0, null, null, null, null, null, 0, 0, null, null, null, null, null, null, null, null);

    private final ArrayBlockingQueue<Entry> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final LongAdder dropped = new LongAdder();
    private final BufferedWriter out;
    private final Thread writer;

    public AccessLog(Path file) throws IOException {
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        this.writer = Thread.ofPlatform().daemon().name("bliss-access-log").start(this::drain);
    }

    /** Never blocks. */
    public void log(Entry e) {
        if (!queue.offer(e)) {
            dropped.increment();
        }
    }

    public long dropped() {
        return dropped.sum();
    }

    private void drain() {
        StringBuilder line = new StringBuilder(512);
        try {
            while (true) {
                Entry e = queue.poll();
                if (e == null) {
                    out.flush();
                    e = queue.poll(1, TimeUnit.SECONDS);
                    if (e == null) {
                        continue;
                    }
                }
                if (e == STOP) {
                    break;
                }
                line.setLength(0);
                format(e, line);
                out.append(line).append('\n');
            }
            out.flush();
        } catch (IOException ex) {
            System.getLogger("dev.bliss.proxy.accesslog").log(System.Logger.Level.ERROR, "access log write failed; logging stops", ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    static void format(Entry e, StringBuilder b) {
        b.append("{\"ts\":").append(e.epochMillis());
        field(b, "request_id", e.requestId());
        field(b, "client", e.client());
        field(b, "method", e.method());
        field(b, "uri", e.uri());
        field(b, "host", e.host());
        field(b, "protocol", e.protocol());
        b.append(",\"status\":").append(e.status());
        b.append(",\"duration_us\":").append(e.durationMicros());
        field(b, "route", e.route());
        field(b, "origin", e.origin());
        field(b, "local_reason", e.reason());
        field(b, "rule_id", e.ruleId());
        field(b, "action", e.action());
        field(b, "ja3_hash", e.ja3Hash());
        field(b, "ja4", e.ja4());
        b.append('}');
    }

    private static void field(StringBuilder b, String name, String value) {
        if (value == null) {
            return;
        }
        b.append(",\"").append(name).append("\":\"");
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
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }

    @Override
    public void close() throws IOException {
        try {
            queue.put(STOP);
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.close();
    }
}

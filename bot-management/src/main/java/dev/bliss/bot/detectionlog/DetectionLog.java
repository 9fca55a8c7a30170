package dev.bliss.bot.detectionlog;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The detection log of one bot-management plugin: the ring every event loop's
 * {@link DetectionRecorder} writes to, and the daemon thread that turns records into JSON lines
 * ({@link DetectionJson}) in a {@link RotatingFile}.
 *
 * <p><b>Threads:</b> {@link #newRecorder()} is called by each event loop's detector factory;
 * recorders write concurrently (Agrona's many-to-one ring); one writer thread reads. The
 * writer polls: it reads up to {@value #BATCH} records at a time and, when the ring is empty,
 * flushes the file and parks for a millisecond, so a record reaches the file within about a
 * millisecond of an idle moment and producers never signal anything.
 *
 * <p><b>Metrics</b> ({@code bliss_plugin_…_total}): {@code bot_detection_log_written} lines,
 * {@code bot_detection_log_bytes}, and {@code bot_detection_log_dropped{reason}} with
 * {@code queue_full} (the ring was full) and {@code write_failed} (the file could not be written;
 * logged, and retried with the next line).
 *
 * <p>{@link #close()} stops the writer after it has drained the ring, and flushes the file.
 */
public final class DetectionLog implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");
    private static final int BATCH = 256;
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final DetectionLogSettings settings;
    private final RingBuffer ring;
    private final int dimensions;
    private final int inputs;
    private final DetectionJson json;
    private final RotatingFile file;
    private final PluginMetrics.Counter written;
    private final PluginMetrics.Counter bytes;
    private final PluginMetrics.Counter queueFull;
    private final PluginMetrics.Counter writeFailed;
    private final Thread writer;
    private final AsciiLine line = new AsciiLine();
    private String lastError;
    /** A reopen the writer has yet to do (SIGUSR1); set by reopen(), taken by the writer. */
    private final AtomicReference<CompletableFuture<Void>> reopenRequest =
            new AtomicReference<>();
    /** Set by close(); the writer drains and stops once it sees it (volatile: pairs with close's store). */
    private volatile boolean closing;

    /**
     * Opens the log file (creating its directory) and the ring; the writer starts with
     * {@link #start()}.
     *
     * @throws IOException when the file cannot be opened
     */
    public DetectionLog(DetectionLogSettings settings, FeatureSchema schema, PluginMetrics metrics) throws IOException {
        this(settings, schema, metrics, shadow -> null);
    }

    /**
     * @param shadowNames the name of the shadow model at a position of models.yaml's shadows, or
     *                    null; called on the writer thread for lines that carry shadow scores
     */
    public DetectionLog(DetectionLogSettings settings, FeatureSchema schema, PluginMetrics metrics,
                        java.util.function.IntFunction<String> shadowNames) throws IOException {
        this.settings = settings;
        this.dimensions = DetectionRecordLayout.checkDimensions(schema.dimensions().size());
        this.inputs = schema.inputLength();
        this.json = new DetectionJson(schema.dimensions().stream().map(SchemaDimension::name).toList(), schema.inputNames(), shadowNames);
        int capacity = settings.queueBytes();
        int needed = DetectionRecordLayout.maxLength(dimensions, inputs) + 8; // plus Agrona's record header
        if (needed > capacity / 8) {
            throw new IOException("queue_size " + capacity + " is too small for this schema's records (" + needed
                    + " bytes; a ring takes records of up to an eighth of its size)");
        }
        this.ring = new ManyToOneRingBuffer(new UnsafeBuffer(
                BufferUtil.allocateDirectAligned(capacity + RingBufferDescriptor.TRAILER_LENGTH, 64)));
        this.file = new RotatingFile(settings.path(), settings.maxFileSize(), settings.maxFiles());
        String dropped = "Detection log records not written, by reason";
        this.written = metrics.counter("bot_detection_log_written", "Detection log records written");
        this.bytes = metrics.counter("bot_detection_log_bytes", "Bytes written to the detection log");
        this.queueFull = metrics.counter("bot_detection_log_dropped", dropped, "reason", "queue_full");
        this.writeFailed = metrics.counter("bot_detection_log_dropped", dropped, "reason", "write_failed");
        metrics.gauge("bot_detection_log_queue_bytes", "Bytes of records waiting for the detection log's writer", ring::size);
        this.writer = Thread.ofPlatform().daemon().name("bliss-detection-log").unstarted(this::drain);
    }

    /** Starts the writer thread. */
    public DetectionLog start() {
        writer.start();
        return this;
    }

    public Path path() {
        return file.path();
    }

    /** A recorder for one event loop (its own sampling coin). */
    public DetectionRecorder newRecorder() {
        return new DetectionRecorder(ring, settings, dimensions, inputs, ThreadLocalRandom.current().nextLong(), queueFull);
    }

    private void drain() {
        while (true) {
            int n = ring.read(this::writeRecord, BATCH);
            if (n > 0) {
                continue;
            }
            flush();
            CompletableFuture<Void> reopen = reopenRequest.getAndSet(null);
            if (reopen != null) {
                try {
                    file.reopen();
                    LOG.log(Level.INFO, "detection log reopened: " + file.path());
                    reopen.complete(null);
                } catch (IOException e) {
                    LOG.log(Level.ERROR, "detection log " + file.path() + ": reopen failed", e);
                    reopen.completeExceptionally(e);
                }
                continue;
            }
            if (closing) {
                // one more pass: records committed between the empty read and seeing the flag
                while (ring.read(this::writeRecord, BATCH) > 0) {
                    // drained in batches
                }
                flush();
                return;
            }
            LockSupport.parkNanos(this, IDLE_NANOS);
        }
    }

    private void writeRecord(int type, MutableDirectBuffer buffer, int index, int length) {
        if (type != DetectionRecordLayout.MESSAGE_TYPE) {
            return;
        }
        line.clear();
        json.format(buffer, index, line);
        line.append('\n');
        try {
            file.write(line.bytes(), line.length());
            written.increment();
            bytes.add(line.length());
            lastError = null;
        } catch (IOException e) {
            writeFailed.increment();
            if (!e.toString().equals(lastError)) {
                lastError = e.toString();
                LOG.log(Level.ERROR, "detection log " + file.path() + ": write failed; dropping records until it works again", e);
            }
        }
    }

    private void flush() {
        try {
            file.flush();
        } catch (IOException e) {
            if (!e.toString().equals(lastError)) {
                lastError = e.toString();
                LOG.log(Level.ERROR, "detection log " + file.path() + ": flush failed", e);
            }
        }
    }

    /**
     * Asks the writer to close the file and open its path again (logrotate moved it away; SIGUSR1);
     * completes when it has, or with the error opening it. Any thread.
     */
    public CompletableFuture<Void> reopen() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        CompletableFuture<Void> pending = reopenRequest.getAndSet(done);
        if (pending != null) {
            done.whenComplete((v, e) -> {
                if (e == null) {
                    pending.complete(null);
                } else {
                    pending.completeExceptionally(e);
                }
            });
        }
        if (!writer.isAlive()) {
            reopenRequest.set(null);
            try {
                file.reopen();
                done.complete(null);
            } catch (IOException e) {
                done.completeExceptionally(e);
            }
        }
        LockSupport.unpark(writer);
        return done;
    }

    /**
     * Drains what the event loops wrote, flushes and closes the file. Records committed after the
     * writer's last pass (event loops still running during shutdown) are not written.
     */
    @Override
    public void close() {
        closing = true;
        if (writer.isAlive()) {
            LockSupport.unpark(writer);
            try {
                writer.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            drain(); // never started (or already stopped): drain here, so nothing committed is lost
        }
        try {
            file.close();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "detection log " + file.path() + ": close failed: " + e);
        }
    }
}

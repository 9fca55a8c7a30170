package dev.bliss.proxy.accesslog;

import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Field;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.config.AccessLogOptions;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The JSON-lines access log: a many-to-one ring that every event loop's
 * {@link AccessLogRecorder} writes binary records into, and one daemon thread that formats them
 * ({@link AccessLogJson}) into a {@link RotatingLogFile}.
 *
 * <pre>
 *   event loop ─ recorder ─┐
 *   event loop ─ recorder ─┼─► ManyToOneRingBuffer ─► writer thread ─► access.log (→ .1 → .2 …)
 *   event loop ─ recorder ─┘      (full: dropped, counted)         ▲
 *                                                   reopen() ──────┘ (SIGUSR1, after logrotate)
 * </pre>
 *
 * <p><b>Threads:</b> recorders write concurrently and never wait; the writer reads up to
 * {@value #BATCH} records at a time and, when the ring is empty, flushes and parks for a
 * millisecond, so a line reaches the file about a millisecond after an idle moment.
 * {@link #reopen()} and {@link #close()} may be called from any thread.
 */
public final class AccessLog implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.accesslog");
    private static final int BATCH = 256;
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final RingBuffer ring;
    private final RotatingLogFile file;
    private final IntField score;
    private final BytesField scoreSource;
    private final AccessLogJson json = new AccessLogJson();
    private final JsonLine line = new JsonLine();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder written = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Thread writer;
    /** A reopen the writer has yet to do; set by reopen(), taken by the writer (release/acquire through the reference). */
    private final AtomicReference<CompletableFuture<Void>> reopenRequest = new AtomicReference<>();
    /** Set by close(); the writer drains and stops once it sees it (volatile: pairs with close's store). */
    private volatile boolean closing;
    private String lastError;

    /**
     * Opens the file (creating its directory) and starts the writer.
     *
     * @param scheme the request fields; {@code bot.score} (Int) and {@code bot.score_source}
     *               (Bytes) are logged when it has them
     */
    public AccessLog(AccessLogOptions options, FieldScheme scheme) throws IOException {
        this.file = new RotatingLogFile(options.path(), options.maxFileSize(), options.maxFiles());
        int capacity = Math.max(options.queueBytes(), Integer.highestOneBit(AccessLogRecordLayout.MAX_LENGTH) << 4);
        this.ring = new ManyToOneRingBuffer(new UnsafeBuffer(
                BufferUtil.allocateDirectAligned(capacity + RingBufferDescriptor.TRAILER_LENGTH, 64)));
        this.score = scheme == null ? null : field(scheme, "bot.score", IntField.class);
        this.scoreSource = scheme == null ? null : field(scheme, "bot.score_source", BytesField.class);
        this.writer = Thread.ofPlatform().daemon().name("bliss-access-log").start(this::drain);
    }

    private static <F extends Field> F field(FieldScheme scheme, String name, Class<F> type) {
        Field f = scheme.field(name);
        return type.isInstance(f) ? type.cast(f) : null;
    }

    public Path path() {
        return file.path();
    }

    /** A recorder for one event loop. */
    public AccessLogRecorder newRecorder() {
        return new AccessLogRecorder(ring, dropped, score, scoreSource);
    }

    /** Records dropped because the ring was full. */
    public long dropped() {
        return dropped.sum();
    }

    /** Lines that could not be written (the file's errors are logged once per kind). */
    public long writeFailures() {
        return failed.sum();
    }

    /** Lines written. */
    public long written() {
        return written.sum();
    }

    /**
     * Asks the writer to close the file and open its path again (logrotate moved it); completes
     * when it has, or fails with the error opening it (lines are then dropped and counted until a
     * later reopen or write succeeds).
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
        LockSupport.unpark(writer);
        return done;
    }

    private void drain() {
        while (true) {
            if (ring.read(this::writeRecord, BATCH) > 0) {
                continue;
            }
            flush();
            CompletableFuture<Void> reopen = reopenRequest.getAndSet(null);
            if (reopen != null) {
                try {
                    file.reopen();
                    LOG.log(Level.INFO, "access log reopened: " + file.path());
                    reopen.complete(null);
                } catch (IOException e) {
                    failed(e, "reopen failed");
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
        if (type != AccessLogRecordLayout.MESSAGE_TYPE) {
            return;
        }
        line.clear();
        json.format(buffer, index, line);
        line.put('\n');
        try {
            file.write(line.bytes(), line.length());
            written.increment();
            lastError = null;
        } catch (IOException e) {
            failed.increment(); // this line; failed(…) adds those the file discarded with it
            failed(e, "write failed; dropping lines until it works again");
        }
    }

    /** A failed write or flush: the lines the file discarded are counted, each kind of error logged once. */
    private void failed(IOException e, String what) {
        long lost = file.takeDiscarded();
        written.add(-lost); // they were counted written when buffered
        failed.add(lost);
        if (!e.toString().equals(lastError)) {
            lastError = e.toString();
            LOG.log(Level.ERROR, "access log " + file.path() + ": " + what, e);
        }
    }

    private void flush() {
        try {
            file.flush();
        } catch (IOException e) {
            failed(e, "flush failed; dropping lines until it works again");
        }
    }

    /** Drains what the event loops wrote, flushes and closes the file. */
    @Override
    public void close() throws IOException {
        closing = true;
        LockSupport.unpark(writer);
        try {
            writer.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        file.close();
    }
}

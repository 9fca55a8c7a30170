package dev.bliss.bot.events;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Writes request events into the events ring ({@code <store dir>/events}), which the feature
 * service consumes, in the record format of {@link RequestEventLayout}.
 *
 * <pre>
 *  event loop 1 ─┐
 *  event loop 2 ─┼─ tryClaim ─ fill body in place ─ commit ─► ring file ─► feature service
 *  other proxies─┘  (full: drop, count)
 * </pre>
 *
 * <p><b>Threads.</b> {@link #publish} is called by every event loop at once: Agrona's
 * many-to-one ring claims space with one CAS on the tail, then each producer fills its own
 * claimed record; nothing else is shared but the drop counters.
 *
 * <p><b>Never blocking, never allocating.</b> A full ring, or no ring yet, drops the event and
 * counts it ({@code bliss_plugin_bot_events_dropped_total{reason=…}}); the request goes on.
 *
 * <p><b>A ring cut short</b> by another process faults when written (SIGBUS, raised by the JVM as
 * an {@link InternalError}): the event loop that meets it drops the ring ({@code reason=ring_fault}),
 * and the watcher, which also measures the file every second, maps it again once the feature
 * service has restored it to its size.
 *
 * <p><b>The ring file's lifecycle belongs to the feature service</b>, which creates it. Until
 * it exists a daemon thread retries every second; it also notices a ring file replaced by a new
 * one (another inode: the service was started with another capacity, or the store directory was
 * cleared) and switches to it. The old mapping is left to the garbage collector rather than
 * unmapped, since a producer may still be writing into it.
 */
public final class RingEventSink implements RequestEventSink {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    private final Path path;
    private final int keyCount;
    private final int schemaTag;
    private final int length;
    private final PluginMetrics.Counter ringFull;
    private final PluginMetrics.Counter ringMissing;
    private final PluginMetrics.Counter ringFault;
    private final ScheduledExecutorService watcher;
    /** Written by the watcher thread, read once per publish (volatile: pairs with the watcher's store). */
    private volatile RingBuffer ring;
    private Object mappedFile;
    private long mappedLength;
    private boolean faultLogged;
    private String lastError = "";

    /**
     * Starts writing to the ring at {@code path}, or waiting for it to appear.
     *
     * @param keyCount   the schema's dimension count: every event carries this many keys
     * @param schemaHash the schema's hash; its tag goes into every event
     */
    public RingEventSink(Path path, int keyCount, long schemaHash, PluginMetrics metrics) {
        this.path = path.toAbsolutePath();
        this.keyCount = RequestEventLayout.checkKeyCount(keyCount);
        this.schemaTag = RequestEventLayout.schemaTag(schemaHash);
        this.length = RequestEventLayout.bodyLength(keyCount);
        this.ringFull = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_full");
        this.ringMissing = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_missing");
        this.ringFault = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_fault");
        metrics.gauge("bot_events_ring_connected", "1 when the events ring is open", () -> ring == null ? 0 : 1);
        this.watcher = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("bliss-events-ring-watcher").unstarted(r));
        if (!check()) {
            LOG.log(Level.INFO, "events ring " + this.path + " not available yet (" + lastError
                    + "); retrying every second, dropping request events meanwhile");
        }
        watcher.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    /** Opens the ring when it appears or is replaced; true when one is open. Watcher thread only. */
    private boolean check() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            Object key = attributes.fileKey();
            RingBuffer current = ring;
            if (current != null && Objects.equals(key, mappedFile)) {
                if (attributes.size() >= mappedLength) {
                    return true;
                }
                // cut short under the mapping: stop before the event loops fault on it
                ring = null;
                faultLogged = true;
                lastError = "cut to " + attributes.size() + " bytes, mapped " + mappedLength;
                LOG.log(Level.WARNING, "events ring " + path + " " + lastError
                        + " (truncated by another process); dropping request events until it is whole again");
                return false;
            }
            if (current == null && !faultLogged && Objects.equals(key, mappedFile)) {
                faultLogged = true; // an event loop met the fault first
                LOG.log(Level.WARNING, "events ring " + path + " faulted under its mapping (truncated by another process?);"
                        + " dropping request events until it is whole again");
            }
            if (attributes.size() < RingBufferDescriptor.TRAILER_LENGTH + RequestEventLayout.MIN_CAPACITY) {
                lastError = "only " + attributes.size() + " bytes";
                return false;
            }
            RingBuffer opened = map(path);
            boolean replaced = current != null;
            mappedFile = key;
            mappedLength = opened.capacity() + (long) RingBufferDescriptor.TRAILER_LENGTH;
            faultLogged = false;
            ring = opened;
            LOG.log(Level.INFO, "events ring " + path + (replaced ? " replaced; writing to the new one" : " opened")
                    + " (" + opened.capacity() + " bytes)");
            return true;
        } catch (NoSuchFileException e) {
            lastError = "no such file";
        } catch (IOException | RuntimeException e) {
            String error = e.toString();
            if (ring != null && !error.equals(lastError)) {
                LOG.log(Level.WARNING, "events ring " + path + " cannot be reopened, still writing to the previous one: " + error);
            }
            lastError = error;
        }
        return ring != null;
    }

    private static RingBuffer map(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size());
            try {
                return new ManyToOneRingBuffer(new UnsafeBuffer(mapped));
            } catch (IllegalStateException e) {
                throw new IOException("not an events ring (" + e.getMessage() + ")", e);
            }
        }
    }

    /** Whether events currently reach a ring. */
    public boolean connected() {
        return ring != null;
    }

    @Override
    public void publish(RequestEvent e) {
        RingBuffer r = ring;
        if (r == null) {
            ringMissing.increment();
            return;
        }
        try {
            write(r, e);
        } catch (InternalError fault) {
            // the ring file was cut short under its mapping (SIGBUS): stop writing into it; the
            // watcher maps it again once the feature service has restored it
            ring = null;
            ringFault.increment();
        }
    }

    private void write(RingBuffer r, RequestEvent e) {
        int at = r.tryClaim(RequestEventLayout.MESSAGE_TYPE, length);
        if (at < 0) {
            ringFull.increment();
            return;
        }
        AtomicBuffer b = r.buffer();
        int flags = (e.hasCookie ? RequestEventLayout.FLAG_COOKIE : 0)
                | (e.staticResource ? RequestEventLayout.FLAG_STATIC : 0)
                | (e.heuristicMatch ? RequestEventLayout.FLAG_HEURISTIC : 0)
                | (e.browserLikeUserAgent ? RequestEventLayout.FLAG_BROWSER_LIKE : 0)
                | (e.tls ? RequestEventLayout.FLAG_TLS : 0)
                | (e.inconsistent ? RequestEventLayout.FLAG_INCONSISTENT : 0);
        int presence = 0;
        long[] keys = e.keys;
        boolean[] has = e.hasKey;
        for (int d = 0; d < keyCount; d++) {
            boolean present = has[d];
            presence |= present ? 1 << d : 0;
            b.putLong(at + RequestEventLayout.keyOffset(d), present ? keys[d] : 0L, ByteOrder.LITTLE_ENDIAN);
        }
        b.putLong(at + RequestEventLayout.VERSION_OFFSET,
                RequestEventLayout.head(flags, e.method, e.httpVersion, e.status, keyCount, e.challenge), ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.SCHEMA_TAG_OFFSET, RequestEventLayout.tagAndPresence(schemaTag, presence),
                ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.TIMESTAMP_OFFSET, e.timestampMillis, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.USER_AGENT_HASH_OFFSET, e.userAgentHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.PATH_HASH_OFFSET, e.pathHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.TEMPLATE_HASH_OFFSET, e.templateHash, ByteOrder.LITTLE_ENDIAN);
        b.putLong(at + RequestEventLayout.PAGE_NUMBER_OFFSET, e.pageNumber, ByteOrder.LITTLE_ENDIAN);
        r.commit(at);
    }

    @Override
    public void close() {
        watcher.shutdownNow();
    }
}

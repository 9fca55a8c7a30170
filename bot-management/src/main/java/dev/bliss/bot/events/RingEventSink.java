package dev.bliss.bot.events;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;

/**
 * Writes request events into the events rings ({@code <store dir>/events/0 .. N-1}), which the
 * feature service consumes, in the record format of {@link RequestEventLayout}.
 *
 * <pre>
 *  event loop 1 ─ owns events/0 ─ tryClaim ─ fill body in place ─ commit ─┐
 *  event loop 2 ─ owns events/1 ─ …                                       ├─► feature service reads every ring
 *  other proxy  ─ owns events/2 ─ …        (full, none free, fault: drop, count)
 * </pre>
 *
 * <p><b>Threads.</b> {@link #publish} is called by every event loop at once. Each calling thread
 * gets a ring of its own ({@link RingProducer}, kept in a thread local): on its first event it
 * claims the first ring file no one owns (an OFD lock, {@link dev.bliss.store.events.RingOwnership}),
 * maps it and from then on is its only producer, so Agrona's single-producer ring needs no
 * compare-and-set on the shared file. A thread left without one (none free at its first event,
 * or given up) gets one from the watcher thread, which claims and maps it and offers it, once a
 * second. Nothing else is shared but the drop counters.
 *
 * <p><b>Never blocking, never allocating</b> in steady state. A full ring, no ring (none created
 * yet, or all owned by other loops), or a fault drops the event and counts it
 * ({@code bliss_plugin_bot_events_dropped_total{reason=ring_full|ring_missing|ring_fault}}); the
 * request goes on. Only a thread's first event looks for a ring on the event loop (system calls
 * and a mapping); the watcher does every later search.
 *
 * <p><b>A ring cut short</b> by another process faults when written (SIGBUS, raised by the JVM as
 * an {@link InternalError}); a ring zeroed between a claim and its commit makes Agrona throw
 * {@link IllegalStateException}. Either way the event loop drops the event, counts it
 * ({@code reason=ring_fault}) and gives the ring up; it claims one again a second later, once the
 * feature service has restored the file. The watcher thread measures every owned ring file once
 * a second and marks a producer whose file was cut short, replaced or removed, so that its loop
 * gives it up before writing into it. The old mapping is left to the garbage collector.
 *
 * <p><b>The ring files' lifecycle belongs to the feature service</b>, which creates them.
 */
public final class RingEventSink implements RequestEventSink {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    private final Path directory;
    private final int keyCount;
    private final int schemaTag;
    private final int length;
    private final PluginMetrics.Counter ringFull;
    private final PluginMetrics.Counter ringMissing;
    private final PluginMetrics.Counter ringFault;
    private final ScheduledExecutorService watcher;
    private final Set<RingProducer> producers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger owning = new AtomicInteger();
    private final ThreadLocal<RingProducer> ownProducer;
    /** Log state of the watcher thread: the file each warning was last given for. */
    private final Set<Path> warned = ConcurrentHashMap.newKeySet();
    private volatile boolean missingLogged;
    /** Set by close: no thread claims a ring any more (volatile: read once per event). */
    private volatile boolean closed;

    /**
     * Starts writing to the rings in the directory {@code directory}, or waiting for them to appear.
     *
     * @param keyCount   the schema's dimension count: every event carries this many keys
     * @param schemaHash the schema's hash; its tag goes into every event
     */
    public RingEventSink(Path directory, int keyCount, long schemaHash, PluginMetrics metrics) {
        this.directory = directory.toAbsolutePath();
        this.keyCount = RequestEventLayout.checkKeyCount(keyCount);
        this.schemaTag = RequestEventLayout.schemaTag(schemaHash);
        this.length = RequestEventLayout.bodyLength(keyCount);
        this.ringFull = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_full");
        this.ringMissing = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_missing");
        this.ringFault = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_fault");
        metrics.gauge("bot_events_ring_connected", "Events rings this process's event loops own (0: events are dropped)",
                owning::get);
        this.ownProducer = ThreadLocal.withInitial(this::newProducer);
        this.watcher = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("bliss-events-ring-watcher").unstarted(r));
        if (!Files.isDirectory(this.directory)) {
            LOG.log(Level.INFO, "events rings " + this.directory + " not available yet; each event loop looks for one"
                    + " every second, dropping request events meanwhile");
        }
        watcher.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    private RingProducer newProducer() {
        RingProducer p = new RingProducer(directory);
        producers.add(p);
        return p;
    }

    /**
     * Marks each producer whose ring file was cut short, replaced or removed, and offers a ring to
     * each producer that needs one. Watcher thread only.
     */
    private void check() {
        for (RingProducer p : producers) {
            if (closed) {
                return;
            }
            if (p.needsRing && p.offered == null) {
                offer(p);
            }
            RingProducer.Attached a = p.attached;
            if (a == null || p.stale) {
                continue;
            }
            String problem;
            try {
                BasicFileAttributes attributes = Files.readAttributes(a.file(), BasicFileAttributes.class);
                if (!Objects.equals(attributes.fileKey(), a.fileKey())) {
                    problem = "replaced by a new file";
                } else if (attributes.size() < a.length()) {
                    problem = "cut to " + attributes.size() + " bytes, mapped " + a.length() + " (truncated by another process)";
                } else {
                    warned.remove(a.file());
                    continue;
                }
            } catch (NoSuchFileException e) {
                problem = "removed";
            } catch (IOException | RuntimeException e) {
                problem = e.toString();
            }
            p.stale = true;
            if (warned.add(a.file())) {
                LOG.log(Level.WARNING, "events ring " + a.file() + " " + problem + "; its event loop gives it up and"
                        + " claims a ring again within a second (events dropped meanwhile)");
            }
        }
    }

    private void offer(RingProducer p) {
        RingProducer.Offer o = p.tryAttach();
        if (o == null) {
            if (!missingLogged) {
                missingLogged = true;
                LOG.log(Level.WARNING, "no events ring for " + p.threadName + " (" + p.lastError
                        + "); dropping its request events, looking again every second");
            }
            return;
        }
        p.offered = o;
        missingLogged = false;
        LOG.log(Level.INFO, "events ring " + o.attached().file() + " claimed for " + p.threadName + " ("
                + o.ring().capacity() + " bytes)");
    }

    /**
     * Whether the calling thread's events reach a ring. A thread without one looks for one
     * first, as {@link #publish} does (itself at its first event, then through the watcher).
     */
    public boolean connected() {
        return ring(ownProducer.get()) != null;
    }

    private OneToOneRingBuffer ring(RingProducer p) {
        if (closed) {
            return null;
        }
        boolean had = p.owns();
        boolean first = !p.triedOnce();
        OneToOneRingBuffer r = p.ring();
        if (had != (r != null)) {
            owning.addAndGet(r != null ? 1 : -1);
        }
        if (first) {
            // the thread's first event, which searched on the event loop: said once
            if (r != null) {
                LOG.log(Level.INFO, "events ring " + p.attached.file() + " claimed by " + p.threadName
                        + " (" + r.capacity() + " bytes)");
            } else if (!missingLogged) {
                missingLogged = true;
                LOG.log(Level.WARNING, "no events ring for " + p.threadName + " (" + p.lastError
                        + "); dropping its request events, looking again every second");
            }
        }
        return r;
    }

    @Override
    public void publish(RequestEvent e) {
        RingProducer p = ownProducer.get();
        OneToOneRingBuffer r = ring(p);
        if (r == null) {
            ringMissing.increment();
            return;
        }
        try {
            write(r, e);
        } catch (InternalError | IllegalStateException fault) {
            // InternalError: the ring file was cut short under its mapping (SIGBUS). IllegalStateException:
            // Agrona found the claimed record's header gone at commit (the file was cut and filled
            // with zeros again in between, or the consumer skipped a claim it took for abandoned).
            // Either way the ring's state is not ours any more: give it up, claim one again later.
            ringFault.increment();
            p.fault();
            owning.decrementAndGet();
        }
    }

    private void write(OneToOneRingBuffer r, RequestEvent e) {
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

    /**
     * Stops the watcher and releases every ring this sink's threads own. Call it once no event
     * loop publishes any more (the plugin closes after the server stopped).
     */
    @Override
    public void close() {
        closed = true;
        watcher.shutdownNow();
        for (RingProducer p : producers) {
            p.release();
        }
        owning.set(0);
    }
}

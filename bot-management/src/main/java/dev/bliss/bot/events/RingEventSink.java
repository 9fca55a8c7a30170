package dev.bliss.bot.events;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.events.RequestEventLayout;
import java.io.IOException;
import java.lang.System.Logger.Level;
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

/**
 * Writes request events into the events rings ({@code <store dir>/events/0 .. N-1}), which the
 * feature service consumes, in the record format of {@link RequestEventLayout}.
 *
 * <pre>
 *  event loop 1 ─ its detector's RingProducer ─ owns events/0 ─ tryClaim ─ fill ─ order ─ commit ─┐
 *  event loop 2 ─ its detector's RingProducer ─ owns events/1 ─ …                                 ├─► feature service
 *  other proxy  ─ …                           ─ owns events/2 ─ …   (full, none free, fault: drop, count)   merges the rings
 * </pre>
 *
 * <p><b>Threads.</b> Every event loop's detector gets a {@link RingProducer} of its own from
 * {@link #newProducer()}, made on that loop's thread before it serves requests and used by that
 * loop alone, so the request path finds its ring without a thread local or a lock. The producer
 * claims the first ring file no one owns (an OFD lock, {@link dev.bliss.store.events.RingOwnership})
 * right away, maps it and from then on is its only producer, so Agrona's single-producer ring
 * needs no compare-and-set on the shared file. A producer left without one (none free when it
 * was made, or given up) gets one from the watcher thread, which claims and maps it and offers
 * it, once a second. Nothing else is shared but the drop counters and the gauge.
 *
 * <p><b>Never blocking, never allocating</b> per event. A full ring, no ring (none created yet,
 * or all owned by other loops), or a fault drops the event and counts it
 * ({@code bliss_plugin_bot_events_dropped_total{reason=ring_full|ring_missing|ring_fault}}); the
 * request goes on. Only {@link #newProducer()} looks for a ring on the event loop (system calls
 * and a mapping, before the loop serves); the watcher does every later search.
 *
 * <p><b>A ring cut short</b> by another process faults when written (SIGBUS, raised by the JVM as
 * an {@link InternalError}); a ring zeroed between a claim and its commit makes Agrona throw
 * {@link IllegalStateException}. Either way the event loop drops the event, counts it
 * ({@code reason=ring_fault}) and gives the ring up; the watcher offers it one again a second
 * later, once the feature service has restored the file. The watcher also measures every owned
 * ring file once a second and marks a producer whose file was cut short, replaced or removed, so
 * that its loop gives it up before writing into it. The old mapping is left to the garbage
 * collector.
 *
 * <p><b>The ring files' lifecycle belongs to the feature service</b>, which creates them.
 */
public final class RingEventSink implements RequestEventSink {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    private final Path directory;
    private final int keyCount;
    private final int schemaTag;
    private final PluginMetrics.Counter ringFull;
    private final PluginMetrics.Counter ringMissing;
    private final PluginMetrics.Counter ringFault;
    private final ScheduledExecutorService watcher;
    private final Set<RingProducer> producers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger owning = new AtomicInteger();
    /** Log state of the watcher thread: the file each warning was last given for. */
    private final Set<Path> warned = ConcurrentHashMap.newKeySet();
    private volatile boolean missingLogged;
    /** Set by close: no producer is offered a ring any more. */
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
        this.ringFull = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_full");
        this.ringMissing = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_missing");
        this.ringFault = metrics.counter("bot_events_dropped", "Request events not handed to the feature service, by reason",
                "reason", "ring_fault");
        metrics.gauge("bot_events_ring_connected", "Events rings this process's event loops own (0: events are dropped)",
                owning::get);
        this.watcher = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("bliss-events-ring-watcher").unstarted(r));
        if (!Files.isDirectory(this.directory)) {
            LOG.log(Level.INFO, "events rings " + this.directory + " not available yet; each event loop is offered one"
                    + " within a second of their creation, dropping request events meanwhile");
        }
        watcher.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * A producer for the calling event loop, with the first free ring claimed and mapped if there
     * is one (else the watcher offers it one within a second). Call it once per event loop, on
     * its thread, before it serves requests; makes system calls and allocates. After
     * {@link #close()} the producer drops every event as {@code ring_missing}.
     */
    @Override
    public RingProducer newProducer() {
        RingProducer p = new RingProducer(directory, keyCount, schemaTag, ringFull, ringMissing, ringFault, owning);
        if (closed) {
            return p;
        }
        RingProducer.Offer o = p.tryAttach();
        if (o != null) {
            p.install(o);
            LOG.log(Level.INFO, "events ring " + o.attached().file() + " claimed by " + p.threadName + " ("
                    + o.ring().capacity() + " bytes)");
        } else {
            p.needsRing = true;
            warnMissing(p);
        }
        // registered last: the watcher sees a producer only once its own first attempt is over
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
                        + " is offered a ring again within a second (events dropped meanwhile)");
            }
        }
    }

    private void offer(RingProducer p) {
        RingProducer.Offer o = p.tryAttach();
        if (o == null) {
            warnMissing(p);
            return;
        }
        p.offered = o;
        missingLogged = false;
        LOG.log(Level.INFO, "events ring " + o.attached().file() + " claimed for " + p.threadName + " ("
                + o.ring().capacity() + " bytes)");
    }

    private void warnMissing(RingProducer p) {
        if (!missingLogged) {
            missingLogged = true;
            LOG.log(Level.WARNING, "no events ring for " + p.threadName + " (" + p.lastError
                    + "); dropping its request events, looking again every second");
        }
    }

    /**
     * Stops the watcher and releases every ring this sink's producers own. Call it once no event
     * loop publishes any more (the plugin closes after the server stopped).
     */
    @Override
    public void close() {
        closed = true;
        watcher.shutdownNow();
        try {
            // an offer being made now would otherwise keep its ring owned after the release below
            if (!watcher.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the events ring watcher did not stop within 10 s; a ring it is claiming may stay owned");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (RingProducer p : producers) {
            p.release();
        }
        owning.set(0);
    }
}

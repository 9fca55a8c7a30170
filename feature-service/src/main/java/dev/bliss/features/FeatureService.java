package dev.bliss.features;

import dev.bliss.features.admin.AdminEndpoint;
import dev.bliss.features.cluster.ClusterNode;
import dev.bliss.features.cluster.ClusterStatus;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.features.publish.FrameExchange;
import dev.bliss.features.publish.PublishStats;
import dev.bliss.features.publish.SnapshotPublisher;
import dev.bliss.features.window.DimensionWindows;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriterOptions;
import dev.bliss.store.schema.FeatureSchema;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The feature service: reads the proxies' request events from the events ring, keeps sliding
 * windows per dimension key, and publishes every key's features to the feature store each
 * publish interval.
 *
 * <pre>
 *  events ring ──► [aggregator thread] poll ─► check record ─► SlidingWindows.onEvent
 *                        │ every interval, in chunks between polls: evaluate each key into a frame,
 *                        │ evict idle keys ─► FrameExchange.handOff
 *                        ▼
 *                  [publisher thread] ranks, quantiles ─► FeatureStoreWriter: one snapshot ─► recycle frame
 *
 *  [admin event loop] /healthz /metrics /status /features/&lt;dim&gt;/&lt;value&gt; POST /import (loopback)
 *
 *  with feature_service.cluster (ClusterNode): each event also goes to a buffer ─► [producer thread] ─► events topic;
 *  [fleet consumer thread] features topic ─► FleetTable; the publisher merges it into each frame (fleet when fresh)
 * </pre>
 *
 * <p><b>Threads.</b> One aggregator thread owns the windows and the ring's read side; one
 * publisher thread owns the store's writer; the admin endpoint runs on its own Vert.x event loop
 * (imports are parsed on a worker thread). They share frames (handed over through
 * {@link FrameExchange}), and immutable stats published through volatile fields.
 *
 * <p><b>Progress.</b> Ingestion never waits for publication: the store's writer may block for
 * the readers' grace period, the publisher absorbs that; the aggregator only pauses for one
 * frame chunk ({@link FeatureServiceOptions#frameChunk()} keys) at a time.
 *
 * <p>The same class runs as its own process ({@code bliss feature-service}) and inside
 * {@code bliss run}; either way it shares nothing with the proxy but the files.
 */
public final class FeatureService implements ServiceStatus, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features");
    private static final int POLL_LIMIT = 1024;
    private static final long UNBLOCK_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long SUMMARY_EVERY_MILLIS = 60_000;

    private final FeatureServiceOptions options;
    private final FeatureSchema schema;
    private final EventsRing ring;
    private final RingConsumer consumer;
    private final SlidingWindows windows;
    private final FrameExchange exchange;
    private final FeatureStoreWriter writer;
    private final SnapshotPublisher publisher;
    private final ServiceMetrics metrics;
    private final ClusterNode cluster;
    private final Thread aggregatorThread;
    private final Thread publisherThread;
    private final AtomicLong publishFailures = new AtomicLong();
    private final AtomicLong readerResets = new AtomicLong();
    private final AtomicLong aggregatorErrors = new AtomicLong();
    private final AtomicLong ringRestores = new AtomicLong();
    private volatile boolean running = true;
    private volatile PublishStats lastPublish;
    /** The last publication's error, cleared by a success; for the health reason. */
    private volatile String lastPublishError;
    private volatile WindowStats windowStats;
    private volatile long aggregatorHeartbeat;
    /** In event time, the latest event timestamp taken (the aggregator's "now"), for other threads. */
    private volatile long eventClock;
    private AdminEndpoint admin;
    private long skippedFrames;
    /** Aggregator thread: when the events ring may be read again after a restore failed ({@link System#nanoTime()}). */
    private long ringRetryAt = System.nanoTime();
    private static final long RING_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private FeatureService(FeatureServiceOptions options, FeatureSchema schema, Map<String, Long> maxKeys)
            throws IOException, StoreException {
        this.options = options;
        this.schema = schema;
        this.windows = new SlidingWindows(schema, maxKeys);
        this.windowStats = WindowStats.empty(schema.dimensions().size());
        int[] lengths = new int[schema.dimensions().size()];
        for (int d = 0; d < lengths.length; d++) {
            lengths[d] = schema.dimensions().get(d).features().size();
        }
        this.exchange = new FrameExchange(lengths);
        this.writer = FeatureStoreWriter.open(WriterOptions.forPrefix(options.storePrefix()));
        try {
            this.ring = EventsRing.openOrCreate(options.eventsRing(), options.ringCount(), options.ringCapacity());
        } catch (IOException | RuntimeException e) {
            writer.close();
            throw e;
        }
        // with a cluster, every event still reaches the local windows first, then the events topic
        try {
            this.cluster = options.cluster() == null ? null : ClusterNode.start(options.cluster(), schema, windows, lengths);
        } catch (IllegalArgumentException e) {
            writer.close();
            throw e;
        }
        this.consumer = new RingConsumer(ring, lengths.length, schema.hash(), UNBLOCK_AFTER_NANOS,
                cluster == null ? windows : cluster.eventHandler());
        this.publisher = new SnapshotPublisher(writer, schema);
        this.metrics = new ServiceMetrics(this, schema);
        this.aggregatorThread = Thread.ofPlatform().daemon().name("bliss-features-aggregator").unstarted(this::aggregate);
        this.publisherThread = Thread.ofPlatform().daemon().name("bliss-features-publisher").unstarted(this::publish);
    }

    /**
     * Opens the store for writing (a second service on the same store is refused), opens or
     * creates the events ring, starts the threads and the admin endpoint.
     *
     * @param maxKeys the most keys kept per dimension name (features.yaml's {@code max_keys})
     * @throws StoreException when the store cannot be opened, e.g. another writer holds it
     * @throws IllegalArgumentException when the schema asks for something events cannot give
     */
    public static FeatureService start(FeatureServiceOptions options, FeatureSchema schema, Map<String, Long> maxKeys)
            throws IOException, StoreException {
        FeatureService service = new FeatureService(options, schema, maxKeys);
        service.aggregatorThread.start();
        service.publisherThread.start();
        if (options.adminEnabled()) {
            try {
                service.admin = AdminEndpoint.start(service, service::imported, options.adminHost(), options.adminPort(),
                        options.adminAllowedHosts(), options.importDirectory(), options.maxImportBytes());
            } catch (IOException | RuntimeException e) {
                service.close();
                throw e;
            }
        }
        LOG.log(Level.INFO, "feature service: " + schema.dimensions().size() + " dimensions, events from " + service.ring.path()
                + ", store " + service.writer.prefix() + ", publishing every " + options.publishInterval().toMillis() + " ms"
                + (service.admin != null ? ", admin on http://" + options.adminHost() + ':' + service.admin.port() + '/' : ""));
        return service;
    }

    private void aggregate() {
        IdleStrategy idle = new BackoffIdleStrategy(64, 16, TimeUnit.MICROSECONDS.toNanos(10), TimeUnit.MILLISECONDS.toNanos(2));
        long interval = options.publishInterval().toMillis();
        long nextTick = aggregatorNow();
        long frameStart = 0;
        long lastErrorLog = 0;
        while (running) {
            int work = 0;
            try {
                aggregatorHeartbeat = System.nanoTime();
                if (System.nanoTime() - ringRetryAt >= 0) {
                    work = consumer.poll(POLL_LIMIT);
                }
                if (windows.frameInProgress()) {
                    work++;
                    FeatureFrame done = windows.fillFrame(options.frameChunk());
                    if (done != null) {
                        done.fillNanos(System.nanoTime() - frameStart);
                        publishWindowStats();
                        exchange.handOff(done);
                    }
                } else {
                    long now = aggregatorNow();
                    if (now >= nextTick) {
                        FeatureFrame frame = exchange.tryTakeFree();
                        if (frame != null || !options.eventTime()) {
                            nextTick += interval;
                            if (nextTick <= now) {
                                nextTick = now + interval; // fell behind (a long pause): no burst of catch-up ticks
                            }
                        }
                        if (frame == null) {
                            // the publisher still holds both frames. On the wall clock this tick is
                            // skipped (the next comes within an interval); in event time it waits for
                            // a free frame instead, since no later stamp may ever come to start one
                            if (!options.eventTime()) {
                                skippedFrames++;
                                publishWindowStats();
                            }
                        } else {
                            frameStart = System.nanoTime();
                            windows.beginFrame(frame, now);
                            work++;
                        }
                    }
                }
            } catch (RuntimeException e) {
                aggregatorErrors.incrementAndGet();
                long now = System.currentTimeMillis();
                if (now - lastErrorLog > 10_000) {
                    lastErrorLog = now;
                    LOG.log(Level.ERROR, "feature service aggregator error (" + aggregatorErrors.get() + " so far)", e);
                }
            } catch (InternalError e) {
                // SIGBUS: the events ring was cut short under its mapping by another process
                aggregatorErrors.incrementAndGet();
                restoreRing(e);
            }
            idle.idle(work);
        }
    }

    private void restoreRing(InternalError fault) {
        try {
            int restored = ring.restoreIfTruncated();
            if (restored > 0) {
                ringRestores.incrementAndGet();
                LOG.log(Level.WARNING, restored + " events ring(s) in " + ring.path() + " were cut short by another process;"
                        + " restored in place to " + (ring.capacity() + RingBufferDescriptor.TRAILER_LENGTH)
                        + " bytes, empty (the events they held are lost; the proxies claim them again within a second)");
                return;
            }
            LOG.log(Level.ERROR, "feature service aggregator: a fault in mapped memory, the events ring is whole", fault);
        } catch (IOException e) {
            LOG.log(Level.ERROR, "events ring " + ring.path() + " is cut short and cannot be restored (" + e.getMessage()
                    + "); request events are lost until it can: delete it and restart the feature service", fault);
            // the ring is read again (and the restore tried again) in a second; ticks go on meanwhile
            ringRetryAt = System.nanoTime() + RING_RETRY_NANOS;
        }
    }

    private void publishWindowStats() {
        int n = windows.dimensionCount();
        long[] active = new long[n];
        long[] refused = new long[n];
        long[] memory = new long[n];
        long late = 0;
        for (int d = 0; d < n; d++) {
            DimensionWindows w = windows.dimension(d);
            active[d] = w.activeKeys();
            refused[d] = w.refusedKeys();
            memory[d] = w.memoryBytes();
            late += w.lateUpdates();
        }
        // volatile store; pairs with the volatile load in windowStats()
        windowStats = new WindowStats(active, refused, memory, late, windows.evictedKeys(), skippedFrames);
    }

    private void publish() {
        long lastSummary = 0;
        long lastFailureLog = 0;
        while (running) {
            FeatureFrame frame;
            try {
                frame = exchange.awaitFilled(TimeUnit.MILLISECONDS.toNanos(100));
            } catch (InterruptedException e) {
                if (!running) {
                    return;
                }
                continue;
            }
            if (frame == null) {
                continue;
            }
            try {
                if (cluster != null) {
                    cluster.mergeInto(frame);
                }
                PublishStats stats = publisher.publish(frame, frame.fillNanos());
                lastPublish = stats;
                lastPublishError = null;
                if (stats.readerCounterReset()) {
                    readerResets.incrementAndGet();
                    LOG.log(Level.WARNING, "snapshot " + stats.sequence() + ": a reader stayed past the grace period; "
                            + "its pin was abandoned (a crashed reader process, or an idle pinned handle?)");
                }
                long now = System.currentTimeMillis();
                if (now - lastSummary >= SUMMARY_EVERY_MILLIS) {
                    lastSummary = now;
                    LOG.log(Level.INFO, "snapshot " + stats.sequence() + ": " + stats.totalKeys() + " keys, " + stats.bytes()
                            + " bytes, frame " + stats.frameNanos() / 1_000_000 + " ms, write " + stats.writeNanos() / 1_000_000
                            + " ms (logged once a minute; every snapshot is on /metrics)");
                } else {
                    LOG.log(Level.DEBUG, () -> "snapshot " + stats.sequence() + ": " + stats.totalKeys() + " keys, "
                            + stats.bytes() + " bytes, write " + stats.writeNanos() / 1000 + " µs");
                }
            } catch (StoreException | RuntimeException | InternalError e) {
                // InternalError: a store file cut short under the writer's mapping; the next
                // begin restores the state file, and a data file is allocated back to size
                publishFailures.incrementAndGet();
                lastPublishError = String.valueOf(e.getMessage());
                long now = System.currentTimeMillis();
                if (now - lastFailureLog > 10_000) {
                    lastFailureLog = now;
                    LOG.log(Level.ERROR, "snapshot not published (" + publishFailures.get() + " failures so far); "
                            + "readers keep the previous one: " + e.getMessage(), e);
                }
            } finally {
                exchange.recycle(frame);
            }
        }
    }

    @Override
    public ClusterStatus cluster() {
        return cluster == null ? null : cluster.status();
    }

    /** The last publication, or null before the first. Any thread. */
    @Override
    public PublishStats lastPublish() {
        return lastPublish;
    }

    /** The aggregator's counters as of its last frame. Any thread. */
    @Override
    public WindowStats windowStats() {
        return windowStats;
    }

    /** The ring consumer (its counters may be read from any thread). */
    @Override
    public RingConsumer consumer() {
        return consumer;
    }

    @Override
    public EventsRing ring() {
        return ring;
    }

    @Override
    public FeatureSchema schema() {
        return schema;
    }

    @Override
    public Path storePrefix() {
        return writer.prefix();
    }

    public FeatureServiceOptions options() {
        return options;
    }

    /** The service's "now": the clock, or in event time the latest event timestamp taken. */
    @Override
    public long clockMillis() {
        return options.eventTime() ? eventClock : options.clock().getAsLong();
    }

    /** "Now" on the aggregator thread: in event time, taken from the windows and shared through {@link #eventClock}. */
    private long aggregatorNow() {
        if (!options.eventTime()) {
            return options.clock().getAsLong();
        }
        long now = windows.latestEventMillis();
        if (now != eventClock) {
            eventClock = now;
        }
        return now;
    }

    @Override
    public long publishFailures() {
        return publishFailures.get();
    }

    @Override
    public long readerResets() {
        return readerResets.get();
    }

    @Override
    public long aggregatorErrors() {
        return aggregatorErrors.get();
    }

    /** Times the events ring was found cut short and restored. */
    public long ringRestores() {
        return ringRestores.get();
    }

    /**
     * Whether the service is healthy: both threads alive, the aggregator looping, and a snapshot
     * published within three intervals (or five seconds, whichever is longer).
     */
    @Override
    public String unhealthyReason() {
        PublishStats p = lastPublish;
        long limit = Math.max(5_000, 3 * options.publishInterval().toMillis());
        if (!running) {
            return "stopped";
        }
        if (!aggregatorThread.isAlive() || !publisherThread.isAlive()) {
            return (aggregatorThread.isAlive() ? "publisher" : "aggregator") + " thread died; restart the feature service";
        }
        long silent = System.nanoTime() - aggregatorHeartbeat;
        if (silent >= TimeUnit.MILLISECONDS.toNanos(limit)) {
            return "aggregator stuck for " + TimeUnit.NANOSECONDS.toSeconds(silent) + " s";
        }
        if (p == null || clockMillis() - p.createdAtMillis() >= limit) {
            String error = lastPublishError;
            return "publisher: " + (p == null ? "no snapshot yet" : "no snapshot for " + (clockMillis() - p.createdAtMillis()) / 1000 + " s")
                    + (error == null ? "" : ", last error: " + error);
        }
        return null;
    }

    /** Makes {@code features} the base of every following snapshot (null removes it). Any thread. */
    public void imported(ImportedFeatures features) {
        publisher.imported(features);
    }

    @Override
    public ImportedFeatures imported() {
        return publisher.imported();
    }

    @Override
    public long importedKeys() {
        ImportedFeatures i = publisher.imported();
        return i == null ? 0 : i.keyCount();
    }

    /** Prometheus text of the service's metrics. */
    @Override
    public String scrapeMetrics() {
        return metrics.scrape();
    }

    /** The admin endpoint's port, or -1 when it is disabled. */
    public int adminPort() {
        return admin == null ? -1 : admin.port();
    }

    /** Stops the threads (the last frame is not published), the admin endpoint and the writer. */
    @Override
    public void close() {
        if (!running && !aggregatorThread.isAlive() && !publisherThread.isAlive()) {
            return;
        }
        running = false;
        if (admin != null) {
            admin.close();
        }
        try {
            aggregatorThread.join(TimeUnit.SECONDS.toMillis(10));
            publisherThread.interrupt();
            publisherThread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (cluster != null) {
            cluster.close();
        }
        writer.close();
    }
}

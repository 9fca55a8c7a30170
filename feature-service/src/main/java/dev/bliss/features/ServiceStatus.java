package dev.bliss.features;

import dev.bliss.features.cluster.ClusterStatus;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.features.publish.PublishStats;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;

/**
 * What a running feature service shows of itself: the read-only view the admin endpoint and the
 * metrics are built on, so that neither depends on the service that starts them.
 *
 * <p>Every method may be called from any thread; each returns an immutable value published by
 * the thread that owns it (or a counter read with a volatile load).
 */
public interface ServiceStatus {

    /** Both threads alive, the aggregator looping, and a snapshot published recently. */
    default boolean healthy() {
        return unhealthyReason() == null;
    }

    /**
     * Null while {@link #healthy()}, else what is wrong, for /healthz and the proxy's /readyz
     * (e.g. "publisher: no snapshot for 12 s, last error: …").
     */
    String unhealthyReason();

    FeatureSchema schema();

    Path storePrefix();

    /** The clock windows are evaluated against (epoch ms). */
    long clockMillis();

    /** The last publication, or null before the first. */
    PublishStats lastPublish();

    /** The aggregator's counters as of its last frame. */
    WindowStats windowStats();

    /** The ring consumer; only its counters are for other threads. */
    RingConsumer consumer();

    /** The events ring; only its path, capacity and backlog are for other threads. */
    EventsRing ring();

    /** The imported base of every snapshot, or null. */
    ImportedFeatures imported();

    long importedKeys();

    long publishFailures();

    long readerResets();

    long aggregatorErrors();

    /** Prometheus text of the service's metrics. */
    String scrapeMetrics();

    /** The fleet as this node sees it, or null when no cluster is configured. */
    ClusterStatus cluster();
}

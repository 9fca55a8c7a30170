package dev.bliss.features;

import dev.bliss.features.events.RecordCheck;
import dev.bliss.features.publish.PublishStats;
import dev.bliss.store.schema.FeatureSchema;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The feature service's Prometheus metrics, sampled from the service's published state when
 * scraped (nothing is updated per event):
 *
 * <pre>
 *   bliss_features_events_total{result}              ring records read: ok | unknown_type | unknown_version | bad_length | schema_mismatch
 *   bliss_features_ring_unblocked_total              rings that made no progress with a backlog, repaired or skipped forward
 *   bliss_features_ring_backlog_bytes                written and not yet read, all rings
 *   bliss_features_ring_capacity_bytes               of each ring
 *   bliss_features_rings                             number of rings
 *   bliss_features_active_keys{dimension}
 *   bliss_features_refused_keys_total{dimension}     new keys turned away at max_keys
 *   bliss_features_state_bytes{dimension}            window state held
 *   bliss_features_evicted_keys_total                idle past their longest window
 *   bliss_features_late_updates_total                older than a window's previous bucket
 *   bliss_features_frames_skipped_total              ticks with the publisher still busy
 *   bliss_features_snapshot_sequence
 *   bliss_features_snapshot_bytes
 *   bliss_features_snapshot_keys{dimension}
 *   bliss_features_snapshot_frame_seconds            evaluating every key (aggregator, in chunks)
 *   bliss_features_snapshot_write_seconds            ranks + store write + publication (publisher)
 *   bliss_features_snapshot_age_seconds
 *   bliss_features_publish_failures_total
 *   bliss_features_reader_resets_total               grace periods that expired (a dead reader)
 *   bliss_features_imported_keys
 *  with feature_service.cluster (see ClusterNode):
 *   bliss_features_cluster_fleet_fresh               1 while the newest fleet vector is within max_fleet_age, else 0 (local windows)
 *   bliss_features_cluster_fleet_age_seconds         age of the newest fleet vector
 *   bliss_features_cluster_fleet_lag_records         features-topic records not read yet
 *   bliss_features_cluster_fleet_records_total       features-topic records read
 *   bliss_features_cluster_fleet_keys                keys with a fleet vector held
 *   bliss_features_cluster_snapshot_keys{source}     in the last snapshot: fleet | local | fleet_only
 *   bliss_features_cluster_events_total{result}      events (one per dimension key of a request): sent | acknowledged | failed
 *   bliss_features_cluster_records_total{result}     events-topic records (batches of events): sent | acknowledged | failed
 *   bliss_features_cluster_events_dropped_total      requests not forwarded: the node's event buffer was full
 *   bliss_features_cluster_event_buffer_bytes        waiting for the producer
 * </pre>
 */
final class ServiceMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    ServiceMetrics(ServiceStatus service, FeatureSchema schema) {
        for (RecordCheck c : RecordCheck.values()) {
            FunctionCounter.builder("bliss_features_events", service, s -> s.consumer().count(c))
                    .description("Events ring records read, by result").tag("result", c.text()).register(registry);
        }
        FunctionCounter.builder("bliss_features_ring_unblocked", service, s -> s.consumer().unblocked())
                .description("Events rings that made no progress with a backlog (a producer that died or stalled"
                        + " mid-record), repaired (unowned) or skipped forward (owned)").register(registry);
        Gauge.builder("bliss_features_ring_backlog_bytes", service, s -> s.ring().backlogBytes())
                .description("Bytes written to the events rings and not yet read, all rings").register(registry);
        Gauge.builder("bliss_features_ring_capacity_bytes", service, s -> s.ring().capacity())
                .description("Bytes of records in each events ring").register(registry);
        Gauge.builder("bliss_features_rings", service, s -> s.ring().count())
                .description("Events rings, one per producing event loop").register(registry);
        for (int d = 0; d < schema.dimensions().size(); d++) {
            int i = d;
            String name = schema.dimensions().get(d).name();
            Gauge.builder("bliss_features_active_keys", service, s -> s.windowStats().activeKeys()[i])
                    .description("Keys with window state").tag("dimension", name).register(registry);
            FunctionCounter.builder("bliss_features_refused_keys", service, s -> s.windowStats().refusedKeys()[i])
                    .description("New keys turned away at max_keys").tag("dimension", name).register(registry);
            Gauge.builder("bliss_features_state_bytes", service, s -> s.windowStats().memoryBytes()[i])
                    .description("Bytes of window state").tag("dimension", name).register(registry);
            Gauge.builder("bliss_features_snapshot_keys", service, s -> keys(s.lastPublish(), i))
                    .description("Keys in the last snapshot").tag("dimension", name).register(registry);
        }
        FunctionCounter.builder("bliss_features_evicted_keys", service, s -> s.windowStats().evictedKeys())
                .description("Keys evicted after idling past their longest window").register(registry);
        FunctionCounter.builder("bliss_features_late_updates", service, s -> s.windowStats().lateUpdates())
                .description("Window updates older than the previous bucket").register(registry);
        FunctionCounter.builder("bliss_features_frames_skipped", service, s -> s.windowStats().skippedFrames())
                .description("Publish ticks skipped because the publisher was still writing").register(registry);
        Gauge.builder("bliss_features_snapshot_sequence", service, s -> last(s).sequence()).register(registry);
        Gauge.builder("bliss_features_snapshot_bytes", service, s -> last(s).bytes()).register(registry);
        Gauge.builder("bliss_features_snapshot_frame_seconds", service, s -> last(s).frameNanos() / 1e9)
                .description("Time to evaluate every key into the last frame").register(registry);
        Gauge.builder("bliss_features_snapshot_write_seconds", service, s -> last(s).writeNanos() / 1e9)
                .description("Time to rank, write and publish the last snapshot").register(registry);
        Gauge.builder("bliss_features_snapshot_age_seconds", service,
                s -> s.lastPublish() == null ? Double.NaN : (s.clockMillis() - s.lastPublish().createdAtMillis()) / 1e3)
                .register(registry);
        FunctionCounter.builder("bliss_features_publish_failures", service, ServiceStatus::publishFailures)
                .register(registry);
        FunctionCounter.builder("bliss_features_reader_resets", service, ServiceStatus::readerResets)
                .description("Grace periods that expired with a reader still counted").register(registry);
        Gauge.builder("bliss_features_imported_keys", service, ServiceStatus::importedKeys).register(registry);
        if (service.cluster() != null) {
            registerCluster(service);
        }
    }

    private void registerCluster(ServiceStatus service) {
        Gauge.builder("bliss_features_cluster_fleet_fresh", service, s -> s.cluster().fleetFresh() ? 1 : 0)
                .description("1 while the newest fleet vector is within max_fleet_age; 0: serving local windows")
                .register(registry);
        Gauge.builder("bliss_features_cluster_fleet_age_seconds", service, s -> {
            long newest = s.cluster().newestEvaluatedAt();
            return newest == 0 ? Double.NaN : (System.currentTimeMillis() - newest) / 1e3;
        }).description("Age of the newest fleet vector read").register(registry);
        Gauge.builder("bliss_features_cluster_fleet_lag_records", service, s -> s.cluster().lag())
                .description("Features-topic records not read yet (-1 unknown)").register(registry);
        FunctionCounter.builder("bliss_features_cluster_fleet_records", service, s -> s.cluster().fleetRecords())
                .description("Features-topic records read").register(registry);
        Gauge.builder("bliss_features_cluster_fleet_keys", service, s -> s.cluster().fleetKeys())
                .description("Keys with a fleet vector held").register(registry);
        Gauge.builder("bliss_features_cluster_snapshot_keys", service, s -> s.cluster().lastMerge().fleet())
                .description("Keys of the last snapshot by the source of their vector").tag("source", "fleet")
                .register(registry);
        Gauge.builder("bliss_features_cluster_snapshot_keys", service, s -> s.cluster().lastMerge().local())
                .tag("source", "local").register(registry);
        Gauge.builder("bliss_features_cluster_snapshot_keys", service, s -> s.cluster().lastMerge().added())
                .tag("source", "fleet_only").register(registry);
        FunctionCounter.builder("bliss_features_cluster_events", service, s -> s.cluster().eventsSent())
                .description("Events sent to the events topic (one per dimension key of a request)")
                .tag("result", "sent").register(registry);
        FunctionCounter.builder("bliss_features_cluster_events", service, s -> s.cluster().eventsAcknowledged())
                .tag("result", "acknowledged").register(registry);
        FunctionCounter.builder("bliss_features_cluster_events", service, s -> s.cluster().eventsFailed())
                .tag("result", "failed").register(registry);
        FunctionCounter.builder("bliss_features_cluster_records", service, s -> s.cluster().recordsSent())
                .description("Events-topic records: batches of events, one per partition and linger interval")
                .tag("result", "sent").register(registry);
        FunctionCounter.builder("bliss_features_cluster_records", service, s -> s.cluster().recordsAcknowledged())
                .tag("result", "acknowledged").register(registry);
        FunctionCounter.builder("bliss_features_cluster_records", service, s -> s.cluster().recordsFailed())
                .tag("result", "failed").register(registry);
        FunctionCounter.builder("bliss_features_cluster_events_dropped", service, s -> s.cluster().eventsDropped())
                .description("Requests not forwarded: the node's event buffer was full").register(registry);
        Gauge.builder("bliss_features_cluster_event_buffer_bytes", service, s -> s.cluster().bufferBytes())
                .description("Bytes of requests waiting for the producer").register(registry);
    }

    private static final PublishStats NONE = new PublishStats(-1, 0, new long[0], 0, 0, 0, false);

    private static PublishStats last(ServiceStatus s) {
        PublishStats p = s.lastPublish();
        return p == null ? NONE : p;
    }

    private static double keys(PublishStats p, int d) {
        return p == null || p.keys().length <= d ? 0 : p.keys()[d];
    }

    String scrape() {
        return registry.scrape();
    }
}

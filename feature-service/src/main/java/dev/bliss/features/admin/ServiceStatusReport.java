package dev.bliss.features.admin;

import dev.bliss.features.ServiceStatus;
import dev.bliss.features.WindowStats;
import dev.bliss.features.cluster.ClusterStatus;
import dev.bliss.features.events.RecordCheck;
import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.features.publish.PublishStats;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * What a feature service is doing, as JSON: its last snapshot, its windows per dimension, the
 * events it read, and in cluster mode the fleet's side (mode, lag, events sent and dropped). The
 * admin endpoint answers {@code GET /status} with it, and {@code bliss run}, which embeds the
 * service, shows the same on the proxy's dashboard.
 */
public final class ServiceStatusReport {

    private ServiceStatusReport() {
    }

    /** The status of {@code service} now; any thread. */
    public static JsonObject of(ServiceStatus service) {
        JsonObject json = new JsonObject().put("healthy", service.healthy());
        PublishStats p = service.lastPublish();
        if (p != null) {
            json.put("snapshot", new JsonObject().put("sequence", p.sequence()).put("keys", p.totalKeys())
                    .put("bytes", p.bytes()).put("age_ms", service.clockMillis() - p.createdAtMillis())
                    .put("frame_ms", p.frameNanos() / 1e6).put("write_ms", p.writeNanos() / 1e6));
        }
        WindowStats w = service.windowStats();
        JsonArray dims = new JsonArray();
        for (int d = 0; d < service.schema().dimensions().size(); d++) {
            dims.add(new JsonObject().put("name", service.schema().dimensions().get(d).name())
                    .put("active_keys", w.activeKeys()[d]).put("refused_keys", w.refusedKeys()[d])
                    .put("state_bytes", w.memoryBytes()[d]));
        }
        json.put("dimensions", dims).put("evicted_keys", w.evictedKeys()).put("late_updates", w.lateUpdates())
                .put("frames_skipped", w.skippedFrames());
        JsonObject events = new JsonObject();
        for (RecordCheck c : RecordCheck.values()) {
            events.put(c.text(), service.consumer().count(c));
        }
        json.put("events", events).put("ring", new JsonObject().put("path", service.ring().path().toString())
                .put("capacity", service.ring().capacity()).put("backlog_bytes", service.ring().backlogBytes()));
        ImportedFeatures imported = service.imported();
        if (imported != null) {
            json.put("imported", new JsonObject().put("source", imported.source()).put("keys", imported.keyCount()));
        }
        ClusterStatus c = service.cluster();
        if (c != null) {
            long now = System.currentTimeMillis();
            json.put("cluster", new JsonObject()
                    .put("mode", c.fleetFresh() ? "fleet" : "local (no fleet vector within max_fleet_age)")
                    .put("bootstrap_servers", c.bootstrapServers())
                    .put("events_topic", c.eventsTopic()).put("features_topic", c.featuresTopic())
                    .put("max_fleet_age_ms", c.maxFleetAgeMillis())
                    .put("fleet_age_ms", c.newestEvaluatedAt() == 0 ? null : now - c.newestEvaluatedAt())
                    .put("last_fleet_record_ms_ago", c.lastFleetRecordMillis() == 0 ? null : now - c.lastFleetRecordMillis())
                    .put("fleet_lag_records", c.lag()).put("fleet_records", c.fleetRecords()).put("fleet_keys", c.fleetKeys())
                    .put("last_snapshot", new JsonObject().put("fleet", c.lastMerge().fleet())
                            .put("local", c.lastMerge().local()).put("fleet_only", c.lastMerge().added()))
                    .put("events", new JsonObject().put("sent", c.eventsSent()).put("acknowledged", c.eventsAcknowledged())
                            .put("failed", c.eventsFailed()).put("dropped", c.eventsDropped())
                            .put("buffer_bytes", c.bufferBytes()))
                    .put("records", new JsonObject().put("sent", c.recordsSent())
                            .put("acknowledged", c.recordsAcknowledged()).put("failed", c.recordsFailed()))
                    .put("last_error", c.lastError()));
        }
        return json;
    }
}

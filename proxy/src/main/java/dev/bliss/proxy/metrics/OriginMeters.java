package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics.FamilyType;
import dev.bliss.proxy.stats.LatencyBuckets;
import dev.bliss.proxy.stats.OriginStats;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.function.ToDoubleFunction;

/**
 * The per-origin families, labelled {@code upstream} (the group's name) and {@code origin} (its
 * address), read at scrape time from every loop's pool recorders ({@link OriginStats}):
 *
 * <pre>
 *   bliss_origin_connections_open / _idle      gauges, summed over the loops' pools
 *   bliss_origin_connects_total                connections the pools started
 *   bliss_origin_connect_failures_total        of those, the ones that failed
 *   bliss_origin_response_seconds              histogram, connection asked for → response head
 *   bliss_origin_request_bytes_total           request body bytes relayed to the origin
 *   bliss_origin_response_bytes_total          response body bytes relayed from it
 * </pre>
 */
final class OriginMeters {

    private OriginMeters() {
    }

    static void register(PrometheusRegistry registry, OriginStats origins) {
        one(registry, origins, "bliss_origin_connections_open", "Connections to each origin, idle, busy or connecting",
                FamilyType.GAUGE, OriginStats.Origin::open);
        one(registry, origins, "bliss_origin_connections_idle", "Idle keep-alive connections to each origin",
                FamilyType.GAUGE, OriginStats.Origin::idle);
        one(registry, origins, "bliss_origin_connects", "Connections the pools started to each origin",
                FamilyType.COUNTER, OriginStats.Origin::connects);
        one(registry, origins, "bliss_origin_connect_failures", "Connects to each origin that failed or timed out",
                FamilyType.COUNTER, OriginStats.Origin::connectFailures);
        one(registry, origins, "bliss_origin_request_bytes", "Request body bytes relayed to each origin",
                FamilyType.COUNTER, OriginStats.Origin::requestBytes);
        one(registry, origins, "bliss_origin_response_bytes", "Response body bytes relayed from each origin",
                FamilyType.COUNTER, OriginStats.Origin::responseBytes);
        registry.register(new FamilyCollector("bliss_origin_response_seconds",
                "Time from asking for an origin connection to the origin's response head", FamilyType.HISTOGRAM,
                LatencyBuckets.UPPER_BOUNDS_SECONDS, series -> {
                    for (OriginStats.Origin o : origins.snapshot(System.nanoTime())) {
                        series.histogram(o.responseTimeBuckets(), o.responseTimeSumSeconds(),
                                "upstream", o.upstream(), "origin", o.address());
                    }
                }));
    }

    private static void one(PrometheusRegistry registry, OriginStats origins, String name, String help, FamilyType type,
                            ToDoubleFunction<OriginStats.Origin> value) {
        registry.register(new FamilyCollector(name, help, type, null, series -> {
            for (OriginStats.Origin o : origins.snapshot(System.nanoTime())) {
                series.value(value.applyAsDouble(o), "upstream", o.upstream(), "origin", o.address());
            }
        }));
    }
}

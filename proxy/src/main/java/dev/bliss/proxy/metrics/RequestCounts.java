package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics.FamilyType;
import dev.bliss.proxy.stats.LatencyBuckets;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The request families of {@code /metrics}, read at scrape time from every loop's
 * {@link RequestMeters}:
 *
 * <pre>
 *   bliss_requests_total{route,status}               requests answered
 *   bliss_request_duration_seconds{route}            histogram, head received → response ended
 *   bliss_request_duration_seconds_max{route}        the longest of the current and the previous minute
 *   bliss_origin_errors_total{upstream,kind}         connect | timeout | reset | unavailable
 *   bliss_local_responses_total{reason}              answered by the proxy itself
 *   bliss_client_connections_open                    client connections, every loop's added up
 * </pre>
 */
final class RequestCounts {

    private final LabelledCounters requests = new LabelledCounters(RequestMeters.WIDTH);
    private final LabelledCounters originErrors = new LabelledCounters(RequestMeters.KINDS.length);
    private final LabelledCounters localResponses = new LabelledCounters(1);
    private final List<LoopCounters> clientConnections = new CopyOnWriteArrayList<>();

    RequestCounts(PrometheusRegistry registry) {
        registry.register(new FamilyCollector("bliss_requests", "Requests answered, by route and status", FamilyType.COUNTER, null,
                series -> requests.sum().forEach((route, c) -> {
                    for (int s = 0; s < RequestMeters.STATUSES; s++) {
                        if (c[s] > 0) {
                            series.value(c[s], "route", route, "status", Integer.toString(s));
                        }
                    }
                })));
        registry.register(new FamilyCollector("bliss_request_duration_seconds", "Time from request head received to response ended",
                FamilyType.HISTOGRAM, LatencyBuckets.UPPER_BOUNDS_SECONDS,
                series -> requests.sum().forEach((route, c) -> series.histogram(
                        Arrays.copyOfRange(c, RequestMeters.BUCKETS, RequestMeters.BUCKETS + LatencyBuckets.COUNT),
                        c[RequestMeters.SUM] / 1e9, "route", route))));
        registry.register(new FamilyCollector("bliss_request_duration_seconds_max",
                "The longest request of the current and the previous minute", FamilyType.GAUGE, null,
                series -> maxima().forEach((route, nanos) -> series.value(nanos / 1e9, "route", route))));
        registry.register(new FamilyCollector("bliss_origin_errors", "Failures talking to origins", FamilyType.COUNTER, null,
                series -> originErrors.sum().forEach((upstream, c) -> {
                    for (int k = 0; k < c.length; k++) {
                        if (c[k] > 0) {
                            series.value(c[k], "upstream", upstream, "kind", RequestMeters.KINDS[k]);
                        }
                    }
                })));
        registry.register(new FamilyCollector("bliss_local_responses", "Requests answered by the proxy itself, by reason",
                FamilyType.COUNTER, null, series -> localResponses.sum().forEach((reason, c) -> series.value(c[0], "reason", reason))));
        registry.register(new FamilyCollector("bliss_client_connections_open", "Open client connections (an HTTP/2 connection counts once)",
                FamilyType.GAUGE, null, series -> {
                    long open = 0;
                    for (LoopCounters c : clientConnections) {
                        open += c.get(0);
                    }
                    series.value(open);
                }));
    }

    /** The counters of one more event loop. */
    RequestMeters newLoop() {
        LoopCounters connections = new LoopCounters(1);
        clientConnections.add(connections);
        return new RequestMeters(requests.newLoop(), originErrors.newLoop(), localResponses.newLoop(), connections);
    }

    /**
     * Per route, the longest request of the minute now and the one before, over every loop's row
     * (rows are not added up for this: a maximum is the maximum of the loops').
     */
    private Map<String, Long> maxima() {
        long minute = Math.floorDiv(System.nanoTime(), RequestMeters.MINUTE_NANOS);
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        requests.forEachRow((route, c) -> {
            long last = c.get(RequestMeters.MINUTE);
            long max = 0;
            if (last == minute) {
                max = Math.max(c.get(RequestMeters.MAX), c.get(RequestMeters.MAX + 1));
            } else if (last == minute - 1) {
                max = c.get(RequestMeters.MAX + (int) (last & 1));
            }
            out.merge(route, max, Math::max);
        });
        return out;
    }
}

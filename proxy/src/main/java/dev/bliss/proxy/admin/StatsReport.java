package dev.bliss.proxy.admin;

import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleSet;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.rules.RuleSetHolder;
import dev.bliss.proxy.stats.LatencyBuckets;
import dev.bliss.proxy.stats.OriginStats;
import dev.bliss.proxy.stats.TrafficSnapshot;
import dev.bliss.proxy.stats.TrafficStats;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The body of {@code GET /stats}, which the dashboard page polls: recent traffic from the loops'
 * recorders, the rules' hit counts, the proxy's own counters, and every plugin meter as it is
 * on {@code /metrics} (plugins report their store, models and cluster there; the proxy does not
 * know them by name).
 *
 * <pre>
 *   { "time_millis", "uptime_seconds", "low_score_below", "scores_available",
 *     "requests_per_second": [60, oldest first], "low_score_per_second": [60],
 *     "last_minute" / "last_hour": { "requests", "scored", "low_score",
 *                                    "sources": { "&lt;score source&gt;": [100: index = score, 0 = none] } },
 *     "rules": [ { "id", "action", "matched", "evaluated", "challenges_passed" (challenge rules) } ]  (most matched first)
 *     "detection_ids": [ { "id", "count" } ], "low_score_ja4" / "low_score_user_agents": [ { "value", "count" } ],
 *     "recent_minutes", "recent_clients" / "recent_paths" / "recent_rules": [ { "value", "count" } ]  (the last minutes, not since start)
 *     "statuses": { "&lt;status&gt;": n }, "local_responses": { "&lt;reason&gt;": n },
 *     "origin_errors": [ { "upstream", "kind", "count" } ],
 *     "upstreams": [ { "upstream", "origin", "open", "idle", "connects", "connect_failures", "failures",
 *                      "request_bytes", "response_bytes",
 *                      "last_minute": { "requests", "requests_per_second", "failures", "p50_ms", "p99_ms" } } ],
 *     "plugin_meters": [ { "name", "tags": {…}, "value" (a histogram: its count, and "mean") } ] }
 * </pre>
 *
 * Built on the admin server's thread; allocates.
 */
public final class StatsReport {

    private static final int TOP_RULES = 10;

    /** The proxy's own counter families /stats reports (read from the scrape, so both agree). */
    private static final Set<String> OWN_COUNTERS = Set.of("bliss_requests", "bliss_local_responses", "bliss_origin_errors");

    private final ProxyMetrics metrics;
    private final RuleSetHolder rules;
    private final PrometheusMeterRegistry registry;
    private final long startNanos = System.nanoTime();

    /** @param rules the rules in force, or {@code null} without a rules file */
    /** Sections others added, by name (sorted, so the page's order is stable). */
    private final java.util.Map<String, java.util.function.Supplier<JsonObject>> sections =
            new java.util.concurrent.ConcurrentSkipListMap<>();

    public StatsReport(ProxyMetrics metrics, RuleSetHolder rules) {
        this.metrics = metrics;
        this.rules = rules;
        this.registry = metrics.registry();
    }

    /** Adds {@code sections.<name>} to every render (see {@code ProxyServer#addStatsSection}); any thread. */
    public void addSection(String name, java.util.function.Supplier<JsonObject> section) {
        sections.put(name, section);
    }

    public JsonObject render() {
        long now = System.nanoTime();
        TrafficStats traffic = metrics.traffic();
        TrafficSnapshot s = traffic.snapshot(now);
        JsonObject json = new JsonObject()
                .put("time_millis", System.currentTimeMillis())
                .put("uptime_seconds", (now - startNanos) / 1_000_000_000L)
                .put("low_score_below", dev.bliss.proxy.stats.LoopRecorder.LOW_SCORE)
                .put("scores_available", traffic.scoresAvailable())
                .put("requests_per_second", array(s.requestsPerSecond()))
                .put("low_score_per_second", array(s.lowScorePerSecond()))
                .put("last_minute", window(s.lastMinute()))
                .put("last_hour", window(s.lastHour()))
                .put("rules", rules())
                .put("detection_ids", detectionIds(s.detectionIds()))
                .put("low_score_ja4", counts(s.lowScoreJa4()))
                .put("low_score_user_agents", counts(s.lowScoreUserAgents()))
                .put("recent_minutes", dev.bliss.proxy.stats.LoopRecorder.RECENT_MINUTES)
                .put("recent_clients", counts(s.recentClients()))
                .put("recent_paths", counts(s.recentPaths()))
                .put("recent_rules", counts(s.recentRules()))
                .put("sections", sections());
        JsonObject statuses = new JsonObject();
        JsonObject local = new JsonObject();
        JsonArray originErrors = new JsonArray();
        JsonArray plugins = new JsonArray();
        // the proxy's own counters as the scrape reads them from the loops
        for (MetricSnapshot family : registry.getPrometheusRegistry().scrape(OWN_COUNTERS::contains)) {
            String name = family.getMetadata().getPrometheusName();
            for (DataPointSnapshot point : family.getDataPoints()) {
                long value = (long) ((CounterSnapshot.CounterDataPointSnapshot) point).getValue();
                switch (name) {
                    case "bliss_requests" -> {
                        String status = point.getLabels().get("status");
                        statuses.put(status, statuses.getLong(status, 0L) + value);
                    }
                    case "bliss_local_responses" -> local.put(point.getLabels().get("reason"), value);
                    default -> originErrors.add(new JsonObject().put("upstream", point.getLabels().get("upstream"))
                            .put("kind", point.getLabels().get("kind")).put("count", value));
                }
            }
        }
        // plugin meters as Prometheus sees them: Micrometer's and the scrape-time families alike
        for (MetricSnapshot family : registry.getPrometheusRegistry().scrape(n -> n.startsWith("bliss_plugin_"))) {
            String name = family.getMetadata().getPrometheusName() + (family instanceof CounterSnapshot ? "_total" : "");
            for (DataPointSnapshot point : family.getDataPoints()) {
                JsonObject tags = new JsonObject();
                point.getLabels().forEach(l -> tags.put(l.getName(), l.getValue()));
                JsonObject entry = new JsonObject().put("name", name).put("tags", tags);
                switch (point) {
                    case CounterSnapshot.CounterDataPointSnapshot c -> entry.put("value", finite(c.getValue()));
                    case GaugeSnapshot.GaugeDataPointSnapshot g -> entry.put("value", finite(g.getValue()));
                    case HistogramSnapshot.HistogramDataPointSnapshot h -> entry.put("value", h.getCount())
                            .put("mean", h.getCount() == 0 ? null : finite(h.getSum() / h.getCount()));
                    default -> {
                        continue;
                    }
                }
                plugins.add(entry);
            }
        }
        return json.put("statuses", statuses).put("local_responses", local).put("origin_errors", originErrors)
                .put("upstreams", upstreams(now)).put("plugin_meters", plugins);
    }

    /** One row per origin, every loop's pool added up; times in milliseconds. */
    private JsonArray upstreams(long now) {
        JsonArray out = new JsonArray();
        for (OriginStats.Origin o : metrics.origins().snapshot(now)) {
            long[] recent = o.recentResponseTimeBuckets();
            out.add(new JsonObject()
                    .put("upstream", o.upstream()).put("origin", o.address())
                    .put("open", o.open()).put("idle", o.idle())
                    .put("connects", o.connects()).put("connect_failures", o.connectFailures())
                    .put("failures", o.failures())
                    .put("request_bytes", o.requestBytes()).put("response_bytes", o.responseBytes())
                    .put("last_minute", new JsonObject()
                            .put("requests", o.recentExchanges())
                            .put("requests_per_second", o.recentExchanges() / 60.0)
                            .put("failures", o.recentFailures())
                            .put("p50_ms", millis(LatencyBuckets.quantile(recent, 0.5)))
                            .put("p99_ms", millis(LatencyBuckets.quantile(recent, 0.99)))));
        }
        return out;
    }

    private static Double millis(double seconds) {
        return Double.isNaN(seconds) ? null : seconds * 1000;
    }

    private JsonArray rules() {
        JsonArray out = new JsonArray();
        if (rules == null) {
            return out;
        }
        RuleSet set = rules.current();
        List<Rule> sorted = new ArrayList<>(set.rules());
        sorted.sort(Comparator.comparingLong((Rule r) -> set.counters().matched(r.index())).reversed());
        for (Rule r : sorted.subList(0, Math.min(TOP_RULES, sorted.size()))) {
            out.add(new JsonObject().put("id", r.id()).put("action", r.action().configName())
                    .put("matched", set.counters().matched(r.index())).put("evaluated", set.counters().evaluated(r.index()))
                    .put("challenges_passed", r.action() == dev.bliss.firewall.action.Action.CHALLENGE
                            ? set.counters().challengesPassed(r.index()) : null));
        }
        return out;
    }

    private JsonObject sections() {
        JsonObject out = new JsonObject();
        sections.forEach((name, section) -> {
            try {
                out.put(name, section.get());
            } catch (RuntimeException e) {
                out.put(name, new JsonObject().put("error", String.valueOf(e)));
            }
        });
        return out;
    }

    private static JsonObject window(TrafficSnapshot.Window w) {
        JsonObject sources = new JsonObject();
        for (TrafficSnapshot.SourceHistogram h : w.sources()) {
            sources.put(h.source(), array(h.counts()));
        }
        return new JsonObject().put("requests", w.requests()).put("scored", w.scored()).put("low_score", w.lowScore())
                .put("sources", sources);
    }

    /** An array, not an object: JSON readers (browsers among them) reorder integer-like keys. */
    private static JsonArray detectionIds(java.util.Map<String, Long> ids) {
        JsonArray a = new JsonArray();
        ids.forEach((id, count) -> a.add(new JsonObject().put("id", id).put("count", count)));
        return a;
    }

    private static JsonArray counts(List<TrafficSnapshot.Count> counts) {
        JsonArray a = new JsonArray();
        counts.forEach(c -> a.add(new JsonObject().put("value", c.value()).put("count", c.count())));
        return a;
    }

    private static JsonArray array(long[] values) {
        JsonArray a = new JsonArray();
        for (long v : values) {
            a.add(v);
        }
        return a;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}

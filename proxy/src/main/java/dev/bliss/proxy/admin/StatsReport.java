package dev.bliss.proxy.admin;

import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleSet;
import dev.bliss.proxy.rules.RuleSetHolder;
import dev.bliss.proxy.stats.TrafficSnapshot;
import dev.bliss.proxy.stats.TrafficStats;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Statistic;
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
 *     "statuses": { "&lt;status&gt;": n }, "local_responses": { "&lt;reason&gt;": n },
 *     "origin_errors": [ { "upstream", "kind", "count" } ],
 *     "plugin_meters": [ { "name", "tags": {…}, "value" (a histogram: its count, and "mean") } ] }
 * </pre>
 *
 * Built on the admin server's thread; allocates.
 */
public final class StatsReport {

    private static final int TOP_RULES = 10;

    private final TrafficStats traffic;
    private final RuleSetHolder rules;
    private final PrometheusMeterRegistry registry;
    private final long startNanos = System.nanoTime();

    /** @param rules the rules in force, or {@code null} without a rules file */
    public StatsReport(TrafficStats traffic, RuleSetHolder rules, PrometheusMeterRegistry registry) {
        this.traffic = traffic;
        this.rules = rules;
        this.registry = registry;
    }

    public JsonObject render() {
        long now = System.nanoTime();
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
                .put("low_score_user_agents", counts(s.lowScoreUserAgents()));
        JsonObject statuses = new JsonObject();
        JsonObject local = new JsonObject();
        JsonArray originErrors = new JsonArray();
        JsonArray plugins = new JsonArray();
        for (Meter m : registry.getMeters()) {
            String name = m.getId().getName();
            switch (name) {
                case "bliss_requests" -> statuses.put(tag(m, "status"), statuses.getLong(tag(m, "status"), 0L) + (long) value(m));
                case "bliss_local_responses" -> local.put(tag(m, "reason"), (long) value(m));
                case "bliss_origin_errors" -> originErrors.add(new JsonObject().put("upstream", tag(m, "upstream"))
                        .put("kind", tag(m, "kind")).put("count", (long) value(m)));
                default -> {
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
                .put("plugin_meters", plugins);
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

    private static String tag(Meter m, String key) {
        String v = m.getId().getTag(key);
        return v == null ? "" : v;
    }

    /** A counter's count or a gauge's value: the first measurement of either kind. */
    private static double value(Meter m) {
        for (Measurement x : m.measure()) {
            if (x.getStatistic() == Statistic.COUNT || x.getStatistic() == Statistic.VALUE
                    || x.getStatistic() == Statistic.TOTAL) {
                return x.getValue();
            }
        }
        return Double.NaN;
    }
}

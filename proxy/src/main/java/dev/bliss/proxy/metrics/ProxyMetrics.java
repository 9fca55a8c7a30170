package dev.bliss.proxy.metrics;

import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.pipeline.DetectorStage;
import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.stats.StatsFields;
import dev.bliss.proxy.stats.TrafficStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The proxy's Prometheus metrics (Micrometer), rendered by the admin server at {@code /metrics}:
 *
 * <pre>
 *   bliss_requests_total{route,status}          requests answered, by route and status
 *   bliss_request_duration_seconds{route}       latency histogram, head received → response ended
 *   bliss_origin_errors_total{upstream,kind}    connect | timeout | reset | unavailable
 *   bliss_local_responses_total{reason}         answered by the proxy itself
 *   bliss_detector_seconds_total{detector}      time inside each detector (all loops)
 *   bliss_detector_calls_total{detector}
 *   bliss_detector_errors_total{detector}
 *   bliss_detector_async_timeouts_total{detector}
 *   bliss_rule_evaluated_total{rule}, bliss_rule_matched_total{rule,action}
 *   bliss_rules_reloads_total{outcome}          success | failure
 *   bliss_rules_reload_last_success_timestamp_seconds
 *   bliss_bot_score{source}                     histogram of bot.score by bot.score_source, when a detector produces them
 *   bliss_build_info{version,commit,java}       always 1
 *   bliss_client_timeouts_total{phase}, bliss_uploads_*, bliss_proxy_protocol_refused_total  see ClientConnectionMeters
 *   jvm_*, process_*, system_*                  Micrometer's JVM and process binders
 * </pre>
 *
 * Meters are resolved once per (route, status) and cached, so a request costs two meter updates
 * and no lookup after warm-up. Thread-safe.
 */
public final class ProxyMetrics implements AutoCloseable {

    private static final String NO_ROUTE = "none";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ConcurrentHashMap<Long, Counter> requestCounters = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counter> named = new ConcurrentHashMap<>();
    private final JvmBinders jvm;
    private final ClientConnectionMeters clientConnections;
    private volatile TrafficStats traffic = new TrafficStats(StatsFields.NONE);

    public ProxyMetrics() {
        BuildInfo.register(registry.getPrometheusRegistry());
        jvm = new JvmBinders(registry);
        clientConnections = new ClientConnectionMeters(registry); // after the binders' meter filters
    }

    /** Client timeouts, the upload cap and PROXY-protocol refusals, counted per event loop. */
    public ClientConnectionMeters clientConnections() {
        return clientConnections;
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition of every meter. */
    public String scrape() {
        return registry.scrape();
    }

    /**
     * A cache of request meters for one event loop: (route, status) → counter in an array, so the
     * hot path does an array load, not a map lookup.
     */
    public final class LoopMeters {

        // slot 0: no route; slot i + 1: the route of index i. A reload brings routes whose index
        // may name another route than before, so each slot remembers the route it counts for
        private Counter[][] counters;
        private Timer[] latency;
        private Route[] counting;

        LoopMeters(List<Route> routes) {
            this.counters = new Counter[routes.size() + 1][600];
            this.latency = new Timer[routes.size() + 1];
            this.counting = new Route[routes.size() + 1];
            for (Route route : routes) {
                counting[route.index() + 1] = route;
            }
        }

        public void record(Route route, int status, long nanos) {
            int r = route == null ? 0 : route.index() + 1;
            if (r >= counting.length) {
                counters = Arrays.copyOf(counters, r + 1);
                latency = Arrays.copyOf(latency, r + 1);
                counting = Arrays.copyOf(counting, r + 1);
            }
            if (counters[r] == null || counting[r] != route) {
                counters[r] = new Counter[600];
                latency[r] = null;
                counting[r] = route;
            }
            int s = status >= 100 && status < 600 ? status : 0;
            Counter c = counters[r][s];
            if (c == null) {
                c = counters[r][s] = requestCounter(route == null ? NO_ROUTE : route.name(), s);
            }
            c.increment();
            Timer t = latency[r];
            if (t == null) {
                t = latency[r] = timer(route == null ? NO_ROUTE : route.name());
            }
            t.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    public LoopMeters newLoopMeters(List<Route> routes) {
        return new LoopMeters(routes);
    }

    private Counter requestCounter(String route, int status) {
        return requestCounters.computeIfAbsent(((long) route.hashCode() << 32) | status, k ->
                Counter.builder("bliss_requests").description("Requests answered, by route and status")
                        .tag("route", route).tag("status", Integer.toString(status)).register(registry));
    }

    private Timer timer(String route) {
        return timers.computeIfAbsent(route, r -> Timer.builder("bliss_request_duration")
                .description("Time from request head received to response ended")
                .tag("route", r)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(50_000))
                .maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry));
    }

    public void originError(String upstream, String kind) {
        named.computeIfAbsent("origin|" + upstream + '|' + kind, k -> Counter.builder("bliss_origin_errors")
                .description("Failures talking to origins").tag("upstream", upstream).tag("kind", kind).register(registry))
                .increment();
    }

    public void localResponse(String reason) {
        named.computeIfAbsent("local|" + reason, k -> Counter.builder("bliss_local_responses")
                .description("Requests answered by the proxy itself, by reason").tag("reason", reason).register(registry))
                .increment();
    }

    /** Rule id and action pairs whose counters are registered (and "" once the gauge is). */
    private final java.util.Set<String> boundRules = ConcurrentHashMap.newKeySet();

    /**
     * Exposes per-rule counters of the rule set in force: evaluated and matched by rule and
     * action. Called at start and after each reload (a reload starts the new set's counts at 0,
     * as Prometheus handles for a counter reset).
     */
    public void bindRules(dev.bliss.proxy.rules.RuleSetHolder holder) {
        for (dev.bliss.firewall.Rule rule : holder.current().rules()) {
            String id = rule.id();
            String action = rule.action().configName();
            if (!boundRules.add(id + '|' + action)) {
                continue; // bound by an earlier set: its counters read whatever set is in force
            }
            FunctionCounter.builder("bliss_rule_evaluated", holder, h -> count(h, id, false))
                    .description("Requests each firewall rule was evaluated for").tag("rule", id).register(registry);
            FunctionCounter.builder("bliss_rule_matched", holder, h -> count(h, id, true))
                    .description("Requests each firewall rule matched").tag("rule", id).tag("action", action).register(registry);
        }
        if (boundRules.add("")) {
            RuleReloadMeters.register(registry, holder); // once: a reload rebinds the rules, not the holder
        }
    }

    private static double count(dev.bliss.proxy.rules.RuleSetHolder holder, String id, boolean matched) {
        dev.bliss.firewall.RuleSet set = holder.current();
        dev.bliss.firewall.Rule rule = set.rule(id);
        if (rule == null) {
            return 0;
        }
        return matched ? set.counters().matched(rule.index()) : set.counters().evaluated(rule.index());
    }

    /**
     * The dashboard's recorders: made by {@link #bind(DetectorPipeline)} over the pipeline's
     * scheme, so call it after that (each event loop makes its recorder when it starts).
     */
    public TrafficStats traffic() {
        return traffic;
    }

    /**
     * Exposes the detectors' counters (the chains are read when scraped), and makes the dashboard's
     * recorders read the pipeline's fields.
     */
    public void bind(DetectorPipeline pipeline) {
        traffic = TrafficStats.of(pipeline.scheme());
        if (traffic.scoresAvailable()) {
            registry.getPrometheusRegistry().register(ScoreHistogram.of(traffic));
        }
        List<DetectorStage> stages = pipeline.stages();
        for (int i = 0; i < stages.size(); i++) {
            int position = i;
            DetectorStage s = stages.get(i);
            FunctionCounter.builder("bliss_detector_seconds", pipeline, p -> {
                long sum = 0;
                for (DetectorChain c : p.chains()) {
                    sum += c.nanos(position);
                }
                return sum / 1e9;
            }).description("Time spent inside each detector").tag("detector", s.name()).register(registry);
            FunctionCounter.builder("bliss_detector_calls", pipeline, p -> {
                long sum = 0;
                for (DetectorChain c : p.chains()) {
                    sum += c.calls(position);
                }
                return sum;
            }).description("Requests each detector inspected").tag("detector", s.name()).register(registry);
            FunctionCounter.builder("bliss_detector_errors", s, st -> st.errors().sum())
                    .description("Exceptions thrown by each detector").tag("detector", s.name()).register(registry);
            FunctionCounter.builder("bliss_detector_async_timeouts", s, st -> st.asyncTimeouts().sum())
                    .description("Async stages that ran out of budget").tag("detector", s.name()).register(registry);
        }
    }

    /** Stops the listeners some binders keep (GC notifications); the meters stay readable. */
    @Override
    public void close() {
        jvm.close();
    }
}

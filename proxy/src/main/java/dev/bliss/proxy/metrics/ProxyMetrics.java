package dev.bliss.proxy.metrics;

import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.pipeline.DetectorStage;
import dev.bliss.proxy.stats.OriginRecorder;
import dev.bliss.proxy.stats.OriginStats;
import dev.bliss.proxy.stats.StatsFields;
import dev.bliss.proxy.stats.TrafficStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The proxy's Prometheus metrics (Micrometer), rendered by the admin server at {@code /metrics}:
 *
 * <pre>
 *   bliss_requests_total{route,status}          requests answered, by route and status
 *   bliss_request_duration_seconds{route}       latency histogram, head received → response ended
 *   bliss_request_duration_seconds_max{route}   the longest of the current and the previous minute
 *   bliss_origin_errors_total{upstream,kind}    connect | timeout | reset | unavailable
 *   bliss_local_responses_total{reason}         answered by the proxy itself
 *   bliss_client_connections_open               client connections (TCP), every loop's
 *   bliss_origin_*{upstream,origin}             per origin: connections open and idle, connects and
 *                                               their failures, response time, body bytes ({@link OriginMeters})
 *   bliss_detector_seconds_total{detector}      time inside each detector (all loops)
 *   bliss_detector_calls_total{detector}
 *   bliss_detector_errors_total{detector}
 *   bliss_detector_async_timeouts_total{detector}
 *   bliss_rule_evaluated_total{rule}, bliss_rule_matched_total{rule,action}
 *   bliss_rules_reloads_total{outcome}          success | failure
 *   bliss_rules_reload_last_success_timestamp_seconds
 *   bliss_bot_score{source}                     histogram of bot.score by bot.score_source, when a detector produces them
 *   bliss_bot_scored_total{source}              requests by bot.score_source, unscored ones included ({@link ScoreFamilies})
 *   bliss_build_info{version,commit,java}       always 1
 *   bliss_client_timeouts_total{phase}, bliss_uploads_*, bliss_proxy_protocol_refused_total  see ClientConnectionMeters
 *   jvm_*, process_*, system_*                  Micrometer's JVM and process binders
 * </pre>
 *
 * The request path writes nothing shared: every event loop counts into its own
 * {@link RequestMeters} and its pools' {@link OriginRecorder}s, and the families above are read
 * from them when scraped. Thread-safe.
 */
public final class ProxyMetrics implements AutoCloseable {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final RequestCounts requests;
    private final OriginStats origins = new OriginStats();
    private final JvmBinders jvm;
    private final ClientConnectionMeters clientConnections;
    private volatile TrafficStats traffic = new TrafficStats(StatsFields.NONE);

    public ProxyMetrics() {
        BuildInfo.register(registry.getPrometheusRegistry());
        jvm = new JvmBinders(registry);
        clientConnections = new ClientConnectionMeters(registry); // after the binders' meter filters
        requests = new RequestCounts(registry.getPrometheusRegistry());
        OriginMeters.register(registry.getPrometheusRegistry(), origins);
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
     * The request counters of one event loop (requests, durations, origin errors, local answers),
     * added up with the other loops' when scraped; make one per loop at startup.
     */
    public RequestMeters newLoopMeters() {
        return requests.newLoop();
    }

    /** Every loop's origin pools and exchanges by origin, for the dashboard and the scrape. */
    public OriginStats origins() {
        return origins;
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
            registry.getPrometheusRegistry().register(ScoreFamilies.histogram(traffic));
            registry.getPrometheusRegistry().register(ScoreFamilies.bySource(traffic));
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

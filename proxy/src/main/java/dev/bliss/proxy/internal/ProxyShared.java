package dev.bliss.proxy.internal;

import dev.bliss.proxy.origin.ChannelSource;
import io.netty.handler.ssl.SslContext;
import dev.bliss.proxy.challenge.BrowserChallenge;
import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.RequestIds;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.routing.RouteTable;
import dev.bliss.proxy.rules.RuleSetHolder;

/**
 * What every event loop's verticle shares: configuration fixed at start, thread-safe services, and
 * the {@link RoutingState} a reload replaces. The request path reads {@link #routes()} and
 * {@link #forwarded()} per request (one volatile load each), so it follows a reload without
 * knowing about it.
 */
final class ProxyShared {

    private final ProxyOptions options;
    private final RequestIds requestIds;
    private final DetectorPipeline pipeline;
    private final ProxyMetrics metrics;
    private final AccessLog accessLog;
    private final RuleSetHolder rules;
    private final ChannelSource originChannels;
    private final SslContext originTls;
    private final BrowserChallenge challenge;
    /** Replaced whole by {@link #apply}; volatile: the store publishes the snapshot's final fields with it. */
    private volatile RoutingState routing;

    /**
     * @param accessLog the access log, or {@code null}
     * @param rules     the firewall rules, or {@code null} when no rules file is configured
     * @param originChannels the channel type for origin connections (the Vert.x instance's transport)
     * @param originTls the client TLS context for https origins
     * @param challenge the browser challenge that challenge rules answer with
     */
    ProxyShared(ProxyOptions options, RoutingState routing, RequestIds requestIds, DetectorPipeline pipeline,
                ProxyMetrics metrics, AccessLog accessLog, RuleSetHolder rules, ChannelSource originChannels,
                SslContext originTls, BrowserChallenge challenge) {
        this.challenge = challenge;
        this.originChannels = originChannels;
        this.originTls = originTls;
        this.options = options;
        this.routing = routing;
        this.requestIds = requestIds;
        this.pipeline = pipeline;
        this.metrics = metrics;
        this.accessLog = accessLog;
        this.rules = rules;
    }

    /** The configuration the proxy started with (what a reload cannot change is read from here). */
    ProxyOptions options() {
        return options;
    }

    /** The routes in force. Any thread. */
    RouteTable routes() {
        return routing.routes();
    }

    /** The forwarded-header policy (trusted proxies) in force. Any thread. */
    ForwardedHeaders forwarded() {
        return routing.forwarded();
    }

    RoutingState routing() {
        return routing;
    }

    /** Puts a reload's routing state in force. Called by the reload, off the event loops. */
    void apply(RoutingState next) {
        routing = next;
    }

    RequestIds requestIds() {
        return requestIds;
    }

    DetectorPipeline pipeline() {
        return pipeline;
    }

    ProxyMetrics metrics() {
        return metrics;
    }

    AccessLog accessLog() {
        return accessLog;
    }

    RuleSetHolder rules() {
        return rules;
    }

    ChannelSource originChannels() {
        return originChannels;
    }

    SslContext originTls() {
        return originTls;
    }

    BrowserChallenge challenge() {
        return challenge;
    }
}

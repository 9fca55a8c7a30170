package dev.bliss.proxy.internal;

import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.RequestIds;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.routing.RouteTable;

/**
 * What every event loop's verticle shares: immutable configuration and thread-safe services.
 *
 * @param accessLog the access log, or {@code null}
 * @param rules     the firewall rules, or {@code null} when no rules file is configured
 * @param challenge the browser challenge that challenge rules answer with
 */
record ProxyShared(ProxyOptions options, RouteTable routes, ForwardedHeaders forwarded, RequestIds requestIds,
                   DetectorPipeline pipeline,
                   ProxyMetrics metrics, AccessLog accessLog, dev.bliss.proxy.rules.RuleSetHolder rules,
                   dev.bliss.proxy.challenge.BrowserChallenge challenge) {
}

package dev.bliss.proxy.exchange;

import dev.bliss.plugin.FirewallAction;
import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorChain;

/**
 * The last stage, once per request however it ended (origin answer, local answer, client gone):
 * the detectors' log phase with the {@link dev.bliss.plugin.Completion}, the loop's metrics, and
 * the access log line.
 *
 * <p>One per event loop.
 */
final class ExchangeEnd {

    private final DetectorChain chain;
    private final ProxyMetrics.LoopMeters meters;
    private final AccessLog accessLog;

    /** @param accessLog the access log, or {@code null} when it is off */
    ExchangeEnd(DetectorChain chain, ProxyMetrics.LoopMeters meters, AccessLog accessLog) {
        this.chain = chain;
        this.meters = meters;
        this.accessLog = accessLog;
    }

    void complete(Exchange e) {
        long nanos = System.nanoTime() - e.startNanos;
        ExchangeCompletion completion = e.completion;
        completion.status = e.status;
        completion.ruleId = e.ruleId;
        completion.action = e.action;
        completion.localReason = e.localReason;
        completion.durationNanos = nanos;
        chain.complete(e.view, e.fields, completion);
        meters.record(e.route, e.status, nanos);
        if (accessLog != null) {
            accessLog.log(new AccessLog.Entry(System.currentTimeMillis(), e.view.clientAddress().toString(),
                    e.request.method().name(), e.request.uri(), text(e.view.host()), protocol(e),
                    e.status, nanos / 1_000, e.route == null ? null : e.route.name(),
                    e.chosenOrigin == null ? null : e.chosenOrigin.toString(), e.localReason, e.ruleId,
                    e.action == FirewallAction.NONE ? null : e.action.text(), text(e.view.ja3Hash()), text(e.view.ja4()),
                    text(e.view.requestId())));
        }
    }

    private static String protocol(Exchange e) {
        return switch (e.view.version()) {
            case HTTP_1_0 -> "http/1.0";
            case HTTP_1_1 -> "http/1.1";
            case HTTP_2 -> "h2";
        };
    }

    private static String text(CharSequence s) {
        return s == null ? null : s.toString();
    }
}

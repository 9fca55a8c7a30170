package dev.bliss.proxy.exchange;

import dev.bliss.proxy.accesslog.AccessLogRecorder;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.stats.LoopRecorder;

/**
 * The last stage, once per request however it ended (origin answer, local answer, client gone):
 * the detectors' log phase with the {@link dev.bliss.plugin.Completion}, the loop's metrics, and
 * the access log's record (binary, into the log's ring: nothing allocated here).
 *
 * <p>One per event loop.
 */
final class ExchangeEnd {

    private final DetectorChain chain;
    private final ProxyMetrics.LoopMeters meters;
    private final AccessLogRecorder accessLog;
    private final LoopRecorder traffic;

    /**
     * @param accessLog this loop's access-log recorder, or {@code null} when the log is off
     * @param traffic   this loop's recorder of the dashboard's traffic figures
     */
    ExchangeEnd(DetectorChain chain, ProxyMetrics.LoopMeters meters, AccessLogRecorder accessLog, LoopRecorder traffic) {
        this.traffic = traffic;
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
        completion.challenge = e.challenge;
        completion.durationNanos = nanos;
        chain.complete(e.view, e.fields, completion);
        meters.record(e.route, e.status, nanos);
        traffic.record(e.view, e.fields, completion);
        if (accessLog != null) {
            long originNanos = e.origin.responseHeadNanos() == 0 ? -1 : e.origin.responseHeadNanos() - e.origin.startNanos();
            accessLog.timing(System.currentTimeMillis(), nanos, originNanos)
                    .status(e.status).client(e.view.clientAddress())
                    .request(e.view.method(), e.view.uri(), e.view.host(), protocol(e))
                    .route(e.route == null ? null : e.route.name())
                    .upstream(e.chosenOrigin == null ? null : e.chosenOrigin.address())
                    .decision(e.ruleId, e.action, e.localReason).fields(e.fields)
                    .tls(e.view.ja3Hash(), e.view.ja4()).requestId(e.view.requestId())
                    .commit();
        }
    }

    private static String protocol(Exchange e) {
        return switch (e.view.version()) {
            case HTTP_1_0 -> "http/1.0";
            case HTTP_1_1 -> "http/1.1";
            case HTTP_2 -> "h2";
        };
    }

}

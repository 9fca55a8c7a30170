package dev.bliss.proxy.exchange;

import dev.bliss.proxy.accesslog.AccessLogRecorder;
import dev.bliss.proxy.metrics.RequestMeters;
import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.stats.LoopRecorder;
import dev.bliss.proxy.stats.OriginRecorder;

/**
 * The last stage, once per request however it ended (origin answer, local answer, client gone):
 * the detectors' log phase with the {@link dev.bliss.plugin.Completion}, the loop's metrics (its
 * request counters, and its origin's recorder when the exchange asked an origin), and
 * the access log's record (binary, into the log's ring: nothing allocated here).
 *
 * <p>One per event loop.
 */
final class ExchangeEnd {

    private final DetectorChain chain;
    private final RequestMeters meters;
    private final AccessLogRecorder accessLog;
    private final LoopRecorder traffic;

    /**
     * @param accessLog this loop's access-log recorder, or {@code null} when the log is off
     * @param traffic   this loop's recorder of the dashboard's traffic figures
     */
    ExchangeEnd(DetectorChain chain, RequestMeters meters, AccessLogRecorder accessLog, LoopRecorder traffic) {
        this.traffic = traffic;
        this.chain = chain;
        this.meters = meters;
        this.accessLog = accessLog;
    }

    void complete(Exchange e) {
        long now = System.nanoTime();
        long nanos = now - e.startNanos;
        ExchangeCompletion completion = e.completion;
        completion.status = e.status;
        completion.ruleId = e.ruleId;
        completion.action = e.action;
        completion.localReason = e.localReason;
        completion.challenge = e.challenge;
        completion.durationNanos = nanos;
        chain.complete(e.view, e.fields, completion);
        meters.request(e.route, e.status, nanos, now);
        traffic.record(e.view, e.fields, completion);
        long originNanos = e.origin.responseHeadNanos() == 0 ? -1 : e.origin.responseHeadNanos() - e.origin.startNanos();
        OriginRecorder origin = e.origin.recorder();
        if (origin != null) {
            origin.exchange(now, originNanos);
        }
        if (accessLog != null) {
            accessLog.timing(System.currentTimeMillis(), nanos, originNanos)
                    .status(e.status).client(e.view.clientAddress())
                    .request(e.view.method(), e.view.rawUri(), e.view.host(), protocol(e))
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

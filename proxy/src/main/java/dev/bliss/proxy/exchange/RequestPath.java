package dev.bliss.proxy.exchange;

import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.challenge.ChallengeGate;
import dev.bliss.proxy.config.RequestOptions;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.HopByHopHeaders;
import dev.bliss.proxy.forward.RequestIds;
import dev.bliss.proxy.metrics.ClientConnectionMeters;
import dev.bliss.proxy.metrics.LoopCounters;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.metrics.RequestMeters;
import dev.bliss.proxy.origin.OriginPool;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.routing.Origin;
import dev.bliss.proxy.routing.RouteTable;
import dev.bliss.proxy.routing.UpstreamGroup;
import dev.bliss.proxy.rules.RuleSetHolder;
import dev.bliss.proxy.stats.LoopRecorder;
import dev.bliss.proxy.stats.OriginRecorder;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCounted;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The request path of one event loop, the same for every protocol: each stage is a class of its
 * own, and this one strings them together.
 *
 * <pre>
 *  head ─► ClientIdentity (client address, request id) ─► RequestHeadCheck (framing, Host, target,
 *          path normalised: 400 / 405 / 501) ─► clearance check
 *       ─► body limit (413)
 *       ─► Detection (detectors; async stages wait within their budget)
 *       ─► the challenge's own path (a solution: answered, no rule, never routed)
 *       ─► FirewallGate (block / challenge answered here)
 *       ─► OriginSelection (route, origin, this loop's pool)          404 / 502
 *       ─► OriginRequestHead (hop-by-hop, X-Forwarded-*, detector headers, request id; 100 Continue)
 *       ─► OriginLeg (connection, head and body out, response relayed)  502 / 504
 *  end, always ─► ExchangeEnd (log phase, metrics, access log) ─► exchange pooled
 * </pre>
 *
 * Local answers ({@link LocalAnswers}) can end an exchange at any stage. Nothing here crosses
 * threads: the client connection, its exchanges and their origin connections belong to this loop.
 *
 * <p>Event loop only, except {@link #drain} and {@link #inFlight}, which hop onto it.
 */
public final class RequestPath {

    private final EventLoop loop;
    private final ExchangePool exchanges;
    private final ClientIdentity identity;
    private final RequestHeadCheck headCheck;
    private final Detection detection;
    private final FirewallGate firewall;
    private final OriginSelection selection;
    private final OriginRequestHead originHead;
    private final LocalAnswers answers;
    private final ExchangeEnd end;
    private final ExchangeSweep sweep;
    private final ClientDeadlineSweep deadlines;
    private final UploadSlots uploads;
    private final LoopCounters connectionCounters;
    private final ClientConnections connections;
    private final HopByHopHeaders hopByHop = new HopByHopHeaders();
    private final RequestMeters meters;
    private final long maxBodySize;
    private final ScheduledFuture<?> ticking;
    private final ChallengeGate challenge;

    /**
     * Builds one loop's path; call it on that loop or before the loop serves any connection.
     *
     * @param rules     the firewall rules, or {@code null}
     * @param routes    the routes in force, read per request (a reload replaces them)
     * @param forwarded the trusted-proxy policy in force, read per request
     * @param accessLog the access log, or {@code null}
     * @param pools     makes this loop's pool to an origin, on first use
     * @param challenge this loop's browser challenge (clearance check, reserved path, challenge rules)
     * @param slow      the client header, body and keep-alive timeouts and the upload cap
     * @param requests  how request heads are checked and passed on
     */
    public RequestPath(EventLoop loop, DetectorPipeline pipeline, RuleSetHolder rules, Supplier<RouteTable> routes,
                       Supplier<ForwardedHeaders> forwarded, RequestIds requestIds, ProxyMetrics metrics, AccessLog accessLog,
                       long maxBodySize, long responseTimeoutNanos, BiFunction<Origin, UpstreamGroup, OriginPool> pools,
                       ChallengeGate challenge, SlowClientLimits slow,
                       RequestOptions requests) {
        this.challenge = challenge;
        this.loop = loop;
        this.meters = metrics.newLoopMeters();
        this.connections = new ClientConnections(meters);
        this.maxBodySize = maxBodySize;
        this.exchanges = new ExchangePool(this, pipeline.scheme());
        this.identity = new ClientIdentity(forwarded, requestIds);
        LoopRecorder traffic = metrics.traffic().newRecorder();
        this.detection = new Detection(pipeline.newChain(traffic), loop);
        this.firewall = new FirewallGate(rules, challenge);
        this.selection = new OriginSelection(routes, meters, pools);
        this.originHead = new OriginRequestHead(hopByHop, forwarded, detection.chain(), identity.requestIdHeader(),
                requests.originPath());
        this.answers = new LocalAnswers(meters, identity.requestIdHeader());
        this.headCheck = new RequestHeadCheck(answers, requests);
        this.end = new ExchangeEnd(detection.chain(), meters, accessLog == null ? null : accessLog.newRecorder(), traffic);
        this.sweep = new ExchangeSweep(responseTimeoutNanos, slow.bodyNanos());
        this.connectionCounters = metrics.clientConnections().newLoop();
        this.deadlines = new ClientDeadlineSweep(slow, connectionCounters);
        this.uploads = new UploadSlots(slow.maxUploadsPerLoop(), connectionCounters);
        long tick = sweep.tickNanos(slow.shortestNanos());
        this.ticking = loop.scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.NANOSECONDS);
    }

    /**
     * A new TCP connection's first handler: closes it when its client takes longer than the
     * header timeout for a request head, or stays idle past the keep-alive timeout.
     */
    public ChannelHandler newClientDeadline() {
        return new ClientDeadline(deadlines);
    }

    /**
     * This loop's counters of {@link ClientConnectionMeters}, for the listener's handlers in front
     * of the request path (PROXY-protocol refusals); this loop only.
     */
    public LoopCounters connectionCounters() {
        return connectionCounters;
    }

    /** A new connection's handler: the last of an HTTP/1.x pipeline, or of an HTTP/2 stream's. */
    public ChannelHandler newClientHandler(ClientConnectionInfo connection) {
        return new ClientConnection(this, connection);
    }

    /** The info of a new TCP connection, shared by the handlers of its requests. */
    public static ClientConnectionInfo connectionInfo(io.netty.channel.Channel channel, boolean tls, boolean http2) {
        return new ClientConnectionInfo(channel, tls, http2);
    }

    /** An HTTP/2 connection opened on this loop (for graceful shutdown). */
    public void http2ConnectionOpened(io.netty.channel.Channel connection) {
        connections.openedHttp2(connection);
    }

    // ---- the stages, in order

    Exchange newExchange() {
        return exchanges.acquire();
    }

    void begin(Exchange e) {
        identity.resolve(e);
        if (!headCheck.admits(e)) {
            return; // refused before any stage, detector or rule read a head two parsers could read two ways
        }
        // the clearance is checked before the detectors, so they and the rules see its fields
        challenge.inspect(e.view, e.fields);
        if (maxBodySize > 0 && HttpUtil.getContentLength(e.request, -1L) > maxBodySize) {
            answers.tooLarge(e);
            return;
        }
        detectorsFrom(e, 0);
    }

    void detectorsFrom(Exchange e, int position) {
        if (!detection.run(e, position)) {
            return;
        }
        // after the detectors, so a solution's request is scored and logged with its outcome
        if (challenge.isReserved(e.view)) {
            answers.challenge(e, challenge.answerReserved(e.view)); // no rule applies; never forwarded
            return;
        }
        if (firewall.letsThrough(e)) {
            OriginPool pool = selection.select(e);
            if (pool != null) {
                if (originHead.prepare(e)) {
                    e.client.writeContinue(); // only now is the body wanted (as nginx does: never before the rules)
                }
                // a declared length was checked up front; an undeclared one is counted as it streams
                long limit = maxBodySize > 0 && !HttpUtil.isContentLengthSet(e.request) ? maxBodySize : -1;
                e.origin.start(pool, limit);
            }
        }
    }

    /** The origin side failed: passive health, the metric, and the client's answer (or reset). */
    void originFailed(Exchange e, OriginFailure failure) {
        if (failure.countsAgainstHealth && e.chosenOrigin != null) {
            e.chosenOrigin.recordFailure(System.nanoTime());
        }
        meters.originError(e.group, failure.metric);
        OriginRecorder origin = e.origin.recorder();
        if (origin != null) {
            origin.failed(System.nanoTime());
        }
        if (failure.status == 0 || e.origin.responseStarted()) {
            e.clientClosing = true;
            e.client.close();
            e.end();
        } else {
            answers.originFailure(e, failure);
        }
    }

    /** The client stopped sending its body: 408, or a reset once the response has begun. */
    void clientBodyTimedOut(Exchange e) {
        connectionCounters.add(ClientConnectionMeters.BODY_TIMEOUTS, 1);
        if (e.origin.responseStarted()) {
            e.clientClosing = true;
            e.client.close();
            e.end();
        } else {
            answers.bodyTimeout(e);
        }
    }

    void end(Exchange e) {
        if (e.status >= 200 && e.localReason == null && e.chosenOrigin != null) {
            e.chosenOrigin.recordSuccess();
        }
        this.end.complete(e);
        if (e.request instanceof ReferenceCounted whole && !e.origin.headWritten() && whole.refCnt() > 0) {
            whole.release(); // a full request that never went to an origin
        }
        ClientConnection client = e.client;
        boolean closing = e.clientClosing;
        exchanges.release(e);
        client.exchangeEnded(e, closing);
    }

    HopByHopHeaders hopByHop() {
        return hopByHop;
    }

    LocalAnswers answers() {
        return answers;
    }

    ExchangeSweep sweep() {
        return sweep;
    }

    UploadSlots uploads() {
        return uploads;
    }

    ClientIdentity identity() {
        return identity;
    }

    ClientConnections connections() {
        return connections;
    }

    /** The handlers of a client pipeline that leave it when the connection becomes a tunnel. */
    List<ChannelHandler> listenerHandlersToRemoveForTunnel(ChannelPipeline pipeline) {
        List<ChannelHandler> http = new ArrayList<>(3);
        pipeline.forEach(entry -> {
            if (!(entry.getValue() instanceof ClientConnection) && isHttpCodec(entry.getValue())) {
                http.add(entry.getValue());
            }
        });
        return http;
    }

    private static boolean isHttpCodec(ChannelHandler h) {
        String name = h.getClass().getName();
        return name.startsWith("io.netty.handler.codec.http.") || h instanceof HttpServerUpgradeHandler.SourceCodec;
    }

    private void tick() {
        long now = System.nanoTime();
        sweep.tick(now);
        deadlines.tick(now);
        for (OriginPool pool : selection.pools()) {
            pool.closeIdle(now);
        }
    }

    // ---- lifecycle, from any thread

    /** Stops keep-alive: idle connections close now, busy ones after their response. */
    public void drain() {
        loop.execute(connections::drain);
    }

    /** Closes every client connection and idle origin connection now, and stops the sweep. */
    public void close() {
        loop.execute(() -> {
            ticking.cancel(false);
            connections.closeAll();
            for (OriginPool pool : selection.pools()) {
                pool.closeAll();
            }
        });
    }

    /** Exchanges in flight on this loop; any thread (an opaque read: for draining). */
    public int inFlight() {
        return exchanges.inFlight();
    }

}

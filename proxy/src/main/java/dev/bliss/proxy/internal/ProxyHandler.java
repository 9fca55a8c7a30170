package dev.bliss.proxy.internal;

import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleEvaluator;
import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.proxy.accesslog.AccessLog;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.HopByHopHeaders;
import dev.bliss.proxy.forward.RequestIds;
import dev.bliss.proxy.metrics.ProxyMetrics;
import dev.bliss.proxy.pipeline.DetectorChain;
import dev.bliss.proxy.pipeline.DetectorFailedClosed;
import dev.bliss.proxy.routing.Origin;
import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.routing.UpstreamGroup;
import dev.bliss.proxy.rules.RuleSetHolder;
import dev.bliss.proxy.stats.LoopRecorder;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.HostAndPort;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.SocketAddress;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * The request path of one event loop: every client request of its verticle goes through here.
 *
 * <pre>
 *  request ─► client address (trusted proxies) ─► request id ─► detectors (sync, then async stages, paused)
 *          ─► firewall rules (block / challenge answered here) ─► route ─► origin (round-robin, passive health)
 *          ─► origin request: hop-by-hop removed, X-Forwarded-*, request id, detector headers, body streamed
 *          ─► response: hop-by-hop removed, body streamed back            (502 / 504 on failure)
 *  end of exchange (always) ─► detectors' onComplete ─► metrics ─► access log ─► context pooled
 * </pre>
 *
 * A WebSocket handshake takes the same path up to the origin, then the two connections are
 * spliced. The request is paused on arrival and resumed by the pipe to the origin, so no body
 * byte is read before the proxy knows where it goes, and back-pressure holds both ways.
 *
 * <p><b>Thread:</b> its event loop only; all state here is that loop's.
 */
final class ProxyHandler implements Handler<HttpServerRequest> {

    private final Vertx vertx;
    private final ProxyShared shared;
    private final DetectorChain chain;
    private final RequestContextPool pool;
    private final RequestIds requestIds;
    private final RequestIds.Generator ids;
    private final ProxyMetrics.LoopMeters meters;
    private final LoopRecorder traffic;
    private final Map<UpstreamGroup, HttpClient> clients;
    private final OriginHeadersAdapter originHeaders = new OriginHeadersAdapter();
    private final long connectTimeoutMillis;
    private final long responseTimeoutMillis;
    private final long maxBodySize;
    private RuleEvaluator evaluator;

    ProxyHandler(Vertx vertx, ProxyShared shared, Map<UpstreamGroup, HttpClient> clients) {
        this.vertx = vertx;
        this.shared = shared;
        this.chain = shared.pipeline().newChain();
        this.pool = new RequestContextPool(shared.pipeline().scheme());
        this.requestIds = shared.requestIds();
        this.ids = requestIds.newGenerator();
        this.meters = shared.metrics().newLoopMeters(shared.routes().routes());
        this.traffic = shared.metrics().traffic().newRecorder();
        this.clients = new IdentityHashMap<>(clients);
        this.connectTimeoutMillis = shared.options().timeouts().connect().toMillis();
        this.responseTimeoutMillis = shared.options().timeouts().response().toMillis();
        this.maxBodySize = shared.options().limits().maxBodySize();
    }

    @Override
    public void handle(HttpServerRequest req) {
        req.pause();
        RequestContext ctx = pool.acquire();
        ctx.startNanos = System.nanoTime();
        int generation = ctx.generation;
        req.response().endHandler(v -> finish(ctx, generation, req));
        req.response().closeHandler(v -> finish(ctx, generation, req));

        String host = req.getHeader(HttpHeaders.HOST);
        if (host == null) {
            HostAndPort authority = req.authority();
            host = authority == null ? null : authority.toString();
        }
        ctx.view.wrap(req, host, ctx.startNanos);
        SocketAddress remote = req.remoteAddress();
        String peerText = remote == null ? null : remote.hostAddress();
        if (peerText == null || !ctx.peer.parse(peerText)) {
            ctx.peer.set(0, 0);
        }
        ctx.peerTrusted = shared.forwarded().resolveClient(ctx.peer, req.getHeader(ForwardedHeaders.X_FORWARDED_FOR),
                ctx.view.client(), ctx.scratch);
        ctx.peerText = peerText;
        ctx.view.trustedPeer(ctx.peerTrusted);
        String sentId = ctx.peerTrusted ? req.getHeader(requestIds.header()) : null;
        ctx.view.requestId(sentId != null && RequestIds.acceptable(sentId) ? sentId : ids.next(ctx.madeId));

        if (maxBodySize > 0 && declaredLength(req) > maxBodySize) {
            answerLocally(ctx, req, 413, "body_too_large", LocalResponses.TOO_LARGE);
            return;
        }
        runDetectors(ctx, req, 0);
    }

    /** Runs detectors from {@code from}, waiting for async stages within their budgets. */
    private void runDetectors(RequestContext ctx, HttpServerRequest req, int from) {
        int position = chain.run(ctx.view, ctx.fields, from);
        while (position >= 0) {
            CompletionStage<?> stage;
            try {
                stage = chain.beginAsync(position, ctx.view, ctx.fields);
            } catch (DetectorFailedClosed e) {
                answerLocally(ctx, req, 503, "detector_failed", LocalResponses.DETECTOR_FAILED);
                return;
            }
            if (stage != null) {
                awaitStage(ctx, req, position, stage);
                return;
            }
            position = chain.run(ctx.view, ctx.fields, position + 1);
        }
        if (position == DetectorChain.FAILED_CLOSED) {
            answerLocally(ctx, req, 503, "detector_failed", LocalResponses.DETECTOR_FAILED);
            return;
        }
        if (firewallLetsThrough(ctx, req)) {
            route(ctx, req);
        }
    }

    /**
     * Evaluates the rules in force; answers blocked and challenged requests here, before any
     * origin is contacted (WebSocket handshakes included).
     *
     * @return whether the request goes on to its origin
     */
    private boolean firewallLetsThrough(RequestContext ctx, HttpServerRequest req) {
        RuleSetHolder rules = shared.rules();
        if (rules == null) {
            return true;
        }
        RuleSet set = rules.current();
        if (evaluator == null || evaluator.ruleSet() != set) {
            evaluator = set.newEvaluator();
        }
        Decision decision = evaluator.evaluate(ctx.view, ctx.fields);
        Rule deciding = decision.rule();
        if (deciding != null) {
            ctx.ruleId = deciding.id();
            ctx.action = outcome(deciding.action());
        } else if (decision.loggedCount() > 0) {
            ctx.ruleId = decision.logged(0).id();
            ctx.action = FirewallAction.LOG;
        }
        if (!decision.verdict().answersLocally()) {
            return true;
        }
        LocalResponse response = decision.response();
        answerLocally(ctx, req, response.status(), decision.verdict() == Verdict.BLOCK ? "blocked" : "challenged", response);
        return false;
    }

    private void awaitStage(RequestContext ctx, HttpServerRequest req, int position, CompletionStage<?> stage) {
        Context loop = vertx.getOrCreateContext();
        int generation = ctx.generation;
        boolean[] settled = new boolean[1];
        long timer = vertx.setTimer(Math.max(1, chain.asyncBudgetNanos(position) / 1_000_000), id -> {
            if (!settled[0] && ctx.generation == generation) {
                settled[0] = true;
                chain.timedOut(position);
                runDetectors(ctx, req, position + 1);
            }
        });
        stage.whenComplete((result, error) -> loop.runOnContext(v -> {
            if (settled[0] || ctx.generation != generation || ctx.completed) {
                return;
            }
            settled[0] = true;
            vertx.cancelTimer(timer);
            if (chain.resume(ctx.view, ctx.fields, position, result, error)) {
                runDetectors(ctx, req, position + 1);
            } else {
                answerLocally(ctx, req, 503, "detector_failed", LocalResponses.DETECTOR_FAILED);
            }
        }));
    }

    private void route(RequestContext ctx, HttpServerRequest req) {
        Route route = shared.routes().match(ctx.view.host(), ctx.view.path());
        ctx.route = route;
        if (route == null) {
            answerLocally(ctx, req, 404, "no_route", LocalResponses.NOT_FOUND);
            return;
        }
        UpstreamGroup group = route.upstream();
        Origin origin = group.select(System.nanoTime());
        if (origin == null) {
            shared.metrics().originError(group.name(), "unavailable");
            answerLocally(ctx, req, 502, "no_origin", LocalResponses.NO_ORIGIN);
            return;
        }
        ctx.origin = origin;
        boolean webSocket = isWebSocketUpgrade(req);
        RequestOptions options = new RequestOptions()
                .setMethod(req.method())
                .setURI(req.uri())
                .setServer(origin.socketAddress())
                .setSsl(origin.address().tls())
                .setConnectTimeout(connectTimeoutMillis)
                .setIdleTimeout(responseTimeoutMillis);
        HttpClient client = clients.get(group);
        int generation = ctx.generation;
        client.request(options).onComplete(ar -> {
            if (ctx.generation != generation || ctx.completed) {
                if (ar.succeeded()) {
                    ar.result().reset();
                }
                return;
            }
            if (ar.failed()) {
                originFailed(ctx, req, origin, group, ar.cause());
                return;
            }
            HttpClientRequest originRequest = ar.result();
            prepareOriginRequest(ctx, req, originRequest, webSocket);
            if (webSocket) {
                tunnel(ctx, req, originRequest, origin, group);
            } else {
                forward(ctx, req, originRequest, origin, group);
            }
        });
    }

    private void prepareOriginRequest(RequestContext ctx, HttpServerRequest req, HttpClientRequest originRequest, boolean webSocket) {
        HostAndPort authority = req.authority();
        if (authority != null) {
            originRequest.authority(authority);
        }
        MultiMap headers = originRequest.headers();
        headers.setAll(req.headers());
        headers.remove(HttpHeaders.HOST);
        String upgrade = webSocket ? req.getHeader(HttpHeaders.UPGRADE) : null;
        HopByHopHeaders.strip(headers);
        if (webSocket) {
            headers.set(HttpHeaders.CONNECTION, HttpHeaders.UPGRADE);
            headers.set(HttpHeaders.UPGRADE, upgrade);
        }
        shared.forwarded().apply(headers, ctx.peerTrusted, ctx.peerText, req.isSSL(), ctx.view.host() == null ? null : ctx.view.host().toString());
        // replaces a client's own: the origin sees the id the logs have
        headers.set(requestIds.header(), ctx.view.requestId());
        chain.forward(ctx.view, ctx.fields, originHeaders.wrap(headers));
    }

    private void forward(RequestContext ctx, HttpServerRequest req, HttpClientRequest originRequest, Origin origin, UpstreamGroup group) {
        io.vertx.core.Future<HttpClientResponse> response;
        if (!hasBody(req)) {
            response = sendWithoutBody(req, originRequest);
        } else {
            // a declared length was checked up front; an undeclared one is counted as it streams
            long limit = maxBodySize > 0 && declaredLength(req) < 0 ? maxBodySize : OriginBody.UNLIMITED;
            response = originRequest.send(new OriginBody(req, limit, () -> {
                answerLocally(ctx, req, 413, "body_too_large", LocalResponses.TOO_LARGE);
                originRequest.reset(); // after the answer: the reset fails the exchange, which must not answer 502
            }, () -> {
                // the origin's silence counts from the last byte it was given, until it answers
                if (!originRequest.response().isComplete()) {
                    originRequest.idleTimeout(responseTimeoutMillis);
                }
            }));
        }
        int generation = ctx.generation;
        response.onComplete(ar -> {
            if (ctx.generation != generation || ctx.completed || ctx.localReason != null) {
                // answered already (e.g. 413 while streaming: the origin's failure is ours), or the
                // client left and the context serves another request now
                if (ar.succeeded()) {
                    originRequest.reset();
                }
                return;
            }
            if (ar.failed()) {
                originFailed(ctx, req, origin, group, ar.cause());
                return;
            }
            origin.recordSuccess();
            HttpClientResponse originResponse = ar.result();
            HttpServerResponse resp = req.response();
            resp.setStatusCode(originResponse.statusCode());
            String message = originResponse.statusMessage();
            if (message != null && req.version() != HttpVersion.HTTP_2) {
                resp.setStatusMessage(message);
            }
            MultiMap headers = resp.headers();
            headers.setAll(originResponse.headers());
            HopByHopHeaders.strip(headers);
            ResponseRelay.start(originRequest, originResponse, resp, () -> shared.metrics().originError(group.name(), "reset"));
        });
    }

    /** A request that has no body: send the head alone, and let the (empty) request end. */
    private static io.vertx.core.Future<HttpClientResponse> sendWithoutBody(HttpServerRequest req, HttpClientRequest originRequest) {
        resumeUnlessEnded(req);
        return originRequest.send();
    }

    /**
     * Lets a paused request run to its end. A request whose end was already read (an HTTP/2 stream
     * whose HEADERS carried END_STREAM) refuses resume() with an exception, so it is left alone.
     */
    private static void resumeUnlessEnded(HttpServerRequest req) {
        if (!req.isEnded()) {
            req.resume();
        }
    }

    /** A WebSocket (or other upgrade) handshake: ask the origin, then splice the two sockets. */
    private void tunnel(RequestContext ctx, HttpServerRequest req, HttpClientRequest originRequest, Origin origin, UpstreamGroup group) {
        int generation = ctx.generation;
        originRequest.connect().onComplete(ar -> {
            if (ctx.generation != generation || ctx.completed || ctx.localReason != null) {
                originRequest.reset(); // the client is gone, or was answered already
                return;
            }
            if (ar.failed()) {
                originFailed(ctx, req, origin, group, ar.cause());
                return;
            }
            origin.recordSuccess();
            HttpClientResponse originResponse = ar.result();
            HttpServerResponse resp = req.response();
            if (originResponse.statusCode() != 101) {
                // the origin refused the upgrade: relay its answer as an ordinary response
                resp.setStatusCode(originResponse.statusCode());
                resp.headers().setAll(originResponse.headers());
                HopByHopHeaders.strip(resp.headers());
                ResponseRelay.start(originRequest, originResponse, resp, () -> shared.metrics().originError(group.name(), "reset"));
                return;
            }
            NetSocket originSocket = originResponse.netSocket();
            MultiMap headers = resp.headers();
            headers.setAll(originResponse.headers());
            String upgrade = originResponse.getHeader(HttpHeaders.UPGRADE);
            HopByHopHeaders.strip(headers);
            // the switch itself is hop-by-hop, but it is this hop's answer: say it again
            headers.set(HttpHeaders.CONNECTION, HttpHeaders.UPGRADE);
            if (upgrade != null) {
                headers.set(HttpHeaders.UPGRADE, upgrade);
            }
            req.toNetSocket().onComplete(client -> {
                if (client.failed()) {
                    originSocket.close();
                    return;
                }
                NetSocket clientSocket = client.result();
                ctx.status = 101;
                clientSocket.pipeTo(originSocket);
                originSocket.pipeTo(clientSocket);
                clientSocket.closeHandler(v -> {
                    originSocket.close();
                    finishTunnel(ctx, req);
                });
                originSocket.closeHandler(v -> clientSocket.close());
            });
        });
    }

    private void originFailed(RequestContext ctx, HttpServerRequest req, Origin origin, UpstreamGroup group, Throwable cause) {
        boolean timeout = cause instanceof TimeoutException || cause.getClass().getSimpleName().contains("Timeout");
        if (!timeout || req.response().headWritten()) {
            origin.recordFailure(System.nanoTime());
        }
        shared.metrics().originError(group.name(), timeout ? "timeout" : "connect");
        HttpServerResponse resp = req.response();
        if (resp.headWritten()) {
            resp.reset();
            return;
        }
        if (timeout) {
            answerLocally(ctx, req, 504, "origin_timeout", LocalResponses.GATEWAY_TIMEOUT);
        } else {
            answerLocally(ctx, req, 502, "origin_unreachable", LocalResponses.BAD_GATEWAY);
        }
    }

    /** Answers from the proxy itself, naming the request id; the request body, if any, is not read. */
    private void answerLocally(RequestContext ctx, HttpServerRequest req, int status, String reason, LocalResponse response) {
        HttpServerResponse resp = req.response();
        if (resp.ended() || resp.closed()) {
            return;
        }
        ctx.localReason = reason;
        shared.metrics().localResponse(reason);
        resp.setStatusCode(status);
        resp.putHeader(HttpHeaders.CONTENT_TYPE, response.contentType());
        resp.putHeader(requestIds.header(), ctx.view.requestId());
        if (req.version() != HttpVersion.HTTP_2 && hasBody(req) && !req.isEnded()) {
            // the unread body would be taken for the next request: end the connection instead
            resp.putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        } else {
            resumeUnlessEnded(req);
        }
        resp.end(LocalResponses.body(response, ctx.view.requestId(), ctx.ruleId));
    }

    private void finishTunnel(RequestContext ctx, HttpServerRequest req) {
        finish(ctx, ctx.generation, req);
    }

    /** The end of an exchange, however it ended; runs once per request. */
    private void finish(RequestContext ctx, int generation, HttpServerRequest req) {
        if (ctx.generation != generation || ctx.completed) {
            return;
        }
        ctx.completed = true;
        int status = ctx.status != 0 ? ctx.status : req.response().ended() ? req.response().getStatusCode() : 0;
        long nanos = System.nanoTime() - ctx.startNanos;
        ExchangeCompletion completion = ctx.completion;
        completion.status = status;
        completion.ruleId = ctx.ruleId;
        completion.action = ctx.action;
        completion.localReason = ctx.localReason;
        completion.durationNanos = nanos;
        chain.complete(ctx.view, ctx.fields, completion);
        meters.record(ctx.route, status, nanos);
        traffic.record(ctx.view, ctx.fields, completion);
        AccessLog log = shared.accessLog();
        if (log != null) {
            log.log(new AccessLog.Entry(System.currentTimeMillis(), ctx.view.client().toString(), req.method().name(),
                    req.uri(), ctx.view.host() == null ? null : ctx.view.host().toString(), req.version().alpnName(),
                    status, nanos / 1_000, ctx.route == null ? null : ctx.route.name(),
                    ctx.origin == null ? null : ctx.origin.toString(), ctx.localReason, ctx.ruleId,
                    ctx.action == FirewallAction.NONE ? null : ctx.action.text(), text(ctx.view.ja3Hash()), text(ctx.view.ja4()),
                    text(ctx.view.requestId())));
        }
        pool.release(ctx);
    }

    private static FirewallAction outcome(Action action) {
        return switch (action) {
            case BLOCK -> FirewallAction.BLOCK;
            case CHALLENGE -> FirewallAction.CHALLENGE;
            case LOG -> FirewallAction.LOG;
            case SKIP -> FirewallAction.SKIP;
            case ALLOW -> FirewallAction.ALLOW;
        };
    }

    private static String text(CharSequence s) {
        return s == null ? null : s.toString();
    }

    private static boolean isWebSocketUpgrade(HttpServerRequest req) {
        if (req.version() == HttpVersion.HTTP_2) {
            return false;
        }
        String upgrade = req.getHeader(HttpHeaders.UPGRADE);
        return upgrade != null && upgrade.equalsIgnoreCase("websocket");
    }

    /** Whether a request carries a body: a length above zero, chunked framing, or HTTP/2 not ended. */
    private static boolean hasBody(HttpServerRequest req) {
        String length = req.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            return !length.equals("0");
        }
        if (req.version() == HttpVersion.HTTP_2) {
            // An HTTP/2 stream without content-length says whether a body follows only by its
            // END_STREAM flag, which a paused stream has not delivered yet. GET and HEAD carry
            // no body in practice (RFC 9110 gives one no meaning), so they go without one, and
            // their origin connection is not held by an unfinished chunked request.
            HttpMethod method = req.method();
            return !req.isEnded() && method != HttpMethod.GET && method != HttpMethod.HEAD;
        }
        return req.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
    }

    private static long declaredLength(HttpServerRequest req) {
        String length = req.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

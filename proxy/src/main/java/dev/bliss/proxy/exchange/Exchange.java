package dev.bliss.proxy.exchange;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.field.Fields;
import dev.bliss.proxy.forward.RequestIdBuffer;
import dev.bliss.proxy.routing.Origin;
import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.routing.UpstreamGroup;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.ScheduledFuture;

/**
 * One request and its answer: the state the stages of {@link RequestPath} share, pooled per event
 * loop ({@link ExchangePool}) so that steady state makes none. The pooled parts (request view,
 * field table, completion, request-id buffer, origin leg) are made once and re-pointed.
 *
 * <pre>
 *  begin(head) ─► RequestPath stages … ─► answered locally, or origin.start() ─► response relayed
 *                                                                      └──────► end() ─► pooled
 *  client body chunks ─► requestContent() ─► origin leg (queued until it has a connection)
 * </pre>
 *
 * A {@link #generation} counter tells late callbacks (an async detector, a connect, a timer) that
 * their exchange has ended and the object now serves another request.
 *
 * <p>Event loop only.
 */
final class Exchange {

    final RequestPath path;
    final NettyRequestView view = new NettyRequestView();
    final Fields fields;
    final IpAddress scratch = new IpAddress();
    /** Where this exchange's request id is made when the request brings none to believe. */
    final RequestIdBuffer madeId = new RequestIdBuffer();
    final ExchangeCompletion completion = new ExchangeCompletion();
    final OriginLeg origin;

    int generation;
    ClientConnection client;
    HttpRequest request;
    long startNanos;
    /** The client's request has been read to its end. */
    boolean requestEnded;
    boolean webSocket;
    /** The client's HTTP/1.x connection stays open after this exchange (as its head asked). */
    boolean clientKeepAlive;
    /** The answer's write closes the client connection: no further request is read from it. */
    boolean clientClosing;
    Route route;
    UpstreamGroup group;
    Origin chosenOrigin;
    /** Status sent to the client (0 until a final response head went out). */
    int status;
    /** Why the proxy answered itself ("blocked", "no_route", …), or null when the origin did. */
    String localReason;
    /** The deciding rule, else the first log rule that matched, else null. */
    String ruleId;
    FirewallAction action = FirewallAction.NONE;
    /** What the browser challenge did with the request (log phase). */
    ChallengeOutcome challenge = ChallengeOutcome.NONE;
    /** A pending async detector's budget timer, cancelled when the exchange ends first. */
    ScheduledFuture<?> asyncTimer;
    boolean ended;

    Exchange(RequestPath path, Fields fields) {
        this.path = path;
        this.fields = fields;
        this.origin = new OriginLeg(this);
    }

    /** A request head arrived on {@code client}: the exchange starts. */
    void begin(ClientConnection client, HttpRequest request, long nowNanos) {
        this.client = client;
        this.request = request;
        this.startNanos = nowNanos;
        this.requestEnded = false;
        this.clientKeepAlive = client.info().http2 || HttpUtil.isKeepAlive(request);
        this.webSocket = !client.info().http2 && isWebSocketHandshake(request);
        view.wrap(request, client.info(), nowNanos);
        path.begin(this);
    }

    /** A chunk of the client's request body (the last one ends the request). */
    void requestContent(HttpContent content) {
        if (content.decoderResult().isFailure()) {
            // a malformed chunk line: the codec ends the body with a failed last chunk, which
            // written on would give the origin a terminating 0 CRLF CRLF, i.e. a complete request
            ReferenceCountUtil.release(content);
            requestEnded = true;
            if (!ended) {
                path.answers().malformedBody(this);
            }
            return;
        }
        if (content instanceof LastHttpContent) {
            requestEnded = true;
        }
        if (ended || localReason != null) {
            ReferenceCountUtil.release(content); // answered already: the rest of the body is not wanted
            return;
        }
        origin.requestContent(content);
    }

    /** The proxy answered or the origin's response ended: completion, then back to the pool. */
    void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (asyncTimer != null) {
            asyncTimer.cancel(false);
            asyncTimer = null;
        }
        path.end(this);
    }

    /** The client connection (or HTTP/2 stream) closed before the exchange ended. */
    void clientClosed() {
        if (!ended) {
            origin.abort();
            end();
        }
    }

    private static boolean isWebSocketHandshake(HttpRequest request) {
        String upgrade = request.headers().get(HttpHeaderNames.UPGRADE);
        return upgrade != null && upgrade.equalsIgnoreCase("websocket");
    }

    void reset() {
        generation++;
        fields.reset();
        view.clear();
        origin.reset();
        client = null;
        request = null;
        webSocket = false;
        clientKeepAlive = false;
        clientClosing = false;
        route = null;
        group = null;
        chosenOrigin = null;
        status = 0;
        localReason = null;
        ruleId = null;
        action = FirewallAction.NONE;
        challenge = ChallengeOutcome.NONE;
        completion.clear();
        ended = false;
        requestEnded = false;
    }
}

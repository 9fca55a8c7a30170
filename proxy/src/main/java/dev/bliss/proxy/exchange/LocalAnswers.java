package dev.bliss.proxy.exchange;

import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.proxy.challenge.ChallengeResponse;
import dev.bliss.proxy.metrics.RequestMeters;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;

/**
 * The answers the proxy gives itself: firewall blocks and challenges, 404 without a route, 413,
 * 431/414/400 for heads the codec refused, 502/504 for origin failures, 503 for a fail-closed
 * detector. Each names the request's id in its body and in the request id header.
 *
 * <p>An answer ends its exchange. An HTTP/1.x connection whose request body has not been read
 * whole is closed after the answer: the unread body would be taken for the next request.
 *
 * <p>One per event loop.
 */
final class LocalAnswers {

    private static final AsciiString TEXT_PLAIN = AsciiString.cached(LocalResponse.DEFAULT_CONTENT_TYPE);
    static final LocalResponse NOT_FOUND = plain(404, "no route for this host and path");
    static final LocalResponse BAD_GATEWAY = plain(502, "bad gateway: the origin could not be reached");
    static final LocalResponse GATEWAY_TIMEOUT = plain(504, "gateway timeout: the origin did not answer in time");
    static final LocalResponse NO_ORIGIN = plain(502, "bad gateway: every origin of this upstream is failing");
    static final LocalResponse TOO_LARGE = plain(413, "request body too large");
    static final LocalResponse DETECTOR_FAILED = plain(503, "service unavailable: a required detector failed");
    static final LocalResponse UPLOADS_BUSY = plain(503, "service unavailable: too many uploads in progress; try again");
    static final LocalResponse BODY_TIMEOUT = plain(408, "request timeout: the request body stopped arriving");
    /** Refusals of {@link RequestHeadCheck}. */
    static final LocalResponse BAD_FRAMING = plain(400, "bad request: the body's framing is ambiguous");
    static final LocalResponse UNKNOWN_CODING = plain(501, "not implemented: transfer coding other than chunked");
    static final LocalResponse BAD_HOST = plain(400, "bad request: missing, repeated or invalid Host");
    static final LocalResponse BAD_TARGET = plain(400, "bad request: invalid request target");
    static final LocalResponse TRACE_NOT_ALLOWED = plain(405, "method not allowed");
    static final LocalResponse VERSION_NOT_SUPPORTED = plain(505, "HTTP version not supported");
    static final LocalResponse BAD_BODY = plain(400, "bad request: malformed body");
    /** Heads the codec refused have no request (and no id) yet: fixed bodies. */
    private static final LocalResponse HEADERS_TOO_LARGE = plain(431, "request header fields too large");
    private static final LocalResponse URI_TOO_LONG = plain(414, "request target too long");
    private static final LocalResponse BAD_REQUEST = plain(400, "bad request");

    private final RequestMeters meters;
    private final AsciiString requestIdHeader;
    private final IdentityHashMap<String, AsciiString> contentTypes = new IdentityHashMap<>();

    LocalAnswers(RequestMeters meters, AsciiString requestIdHeader) {
        this.meters = meters;
        this.requestIdHeader = requestIdHeader;
    }

    void noRoute(Exchange e) {
        answer(e, "no_route", NOT_FOUND);
    }

    void noOrigin(Exchange e) {
        answer(e, "no_origin", NO_ORIGIN);
    }

    void tooLarge(Exchange e) {
        answer(e, "body_too_large", TOO_LARGE);
    }

    /** The loop's cap on uploads holding origin connections is reached ({@link UploadSlots}). */
    void uploadsBusy(Exchange e) {
        answer(e, "uploads_busy", UPLOADS_BUSY);
    }

    /** The client paused its body longer than the body timeout; the connection closes after it. */
    void bodyTimeout(Exchange e) {
        answer(e, "body_timeout", BODY_TIMEOUT);
    }

    void detectorFailed(Exchange e) {
        answer(e, "detector_failed", DETECTOR_FAILED);
    }

    void originFailure(Exchange e, OriginFailure failure) {
        answer(e, failure.reason, failure == OriginFailure.TIMEOUT ? GATEWAY_TIMEOUT : BAD_GATEWAY);
    }

    /** A head {@link RequestHeadCheck} refused; the connection closes after the answer. */
    void refused(Exchange e, LocalResponse response, String reason) {
        answer(e, reason, response);
    }

    /**
     * The request body broke off malformed (a bad chunk line): the origin connection is closed,
     * so the origin never takes half a body for a whole one, and the client gets a 400 if no
     * response has started, else its connection is closed.
     */
    void malformedBody(Exchange e) {
        e.clientKeepAlive = false;
        if (e.origin.responseStarted()) {
            e.origin.abort();
            e.clientClosing = true;
            e.client.close();
            e.end();
        } else {
            answer(e, "bad_body", BAD_BODY);
        }
    }

    /** A rule's block answer: the rule's status, content type and body template. */
    void rule(Exchange e, LocalResponse response, String reason) {
        answer(e, reason, response);
    }

    /** What the browser challenge rendered: its page or short 403, or the verification's answer. */
    void challenge(Exchange e, ChallengeResponse rendered) {
        if (e.ended) {
            return;
        }
        FullHttpResponse response = start(e, rendered.status(), rendered.reason(), Unpooled.wrappedBuffer(rendered.body()),
                contentType(rendered.header("content-type")));
        e.challenge = rendered.outcome();
        for (int i = 0; i < rendered.headerCount(); i++) {
            if (!"content-type".equalsIgnoreCase(rendered.headerName(i))) {
                response.headers().add(rendered.headerName(i), rendered.headerValue(i));
            }
        }
        send(e, response);
    }

    /**
     * Renders {@code response} for this request: its body template names the request id (and the
     * rule id), like Cloudflare's Ray ID, so a visitor can quote it. One small buffer per local
     * answer; none per proxied request.
     */
    private void answer(Exchange e, String reason, LocalResponse response) {
        if (e.ended) {
            return;
        }
        ByteBuf body = Unpooled.wrappedBuffer(response.render(e.view.requestId(), e.ruleId));
        send(e, start(e, response.status(), reason, body, contentType(response.contentType())));
    }

    private AsciiString contentType(String text) {
        AsciiString type = contentTypes.get(text);
        if (type == null) {
            type = AsciiString.of(text);
            contentTypes.put(text, type);
        }
        return type;
    }

    /** The answer's head and body; the exchange's origin side is dropped and the outcome noted. */
    private FullHttpResponse start(Exchange e, int status, String reason, ByteBuf body, AsciiString contentType) {
        e.origin.abort();
        e.localReason = reason;
        e.status = status;
        meters.localResponse(reason);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(status), body, false);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(requestIdHeader, e.view.requestId());
        return response;
    }

    private void send(Exchange e, FullHttpResponse response) {
        boolean close = !e.client.info().http2 && (!e.requestEnded || e.client.closesAfter(e));
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        e.clientClosing = close;
        e.client.writeWhole(response, close);
        e.end();
    }

    /**
     * A request head the codec refused (too long, malformed): answered and the connection closed.
     * No exchange exists, so the id is made for the answer alone (it is in no log but this one).
     */
    void malformed(ClientConnection client, Throwable cause, CharSequence requestId) {
        LocalResponse answer;
        String reason;
        if (cause instanceof TooLongHttpHeaderException) {
            answer = HEADERS_TOO_LARGE;
            reason = "headers_too_large";
        } else if (cause instanceof TooLongHttpLineException || cause instanceof TooLongFrameException) {
            answer = URI_TOO_LONG;
            reason = "uri_too_long";
        } else {
            answer = BAD_REQUEST;
            reason = "bad_request";
        }
        meters.localResponse(reason);
        ByteBuf body = Unpooled.wrappedBuffer(answer.render(requestId, null));
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()), body, false);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(requestIdHeader, requestId)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        client.writeWhole(response, true);
        if (client.info().http2) {
            client.close();
        }
    }

    private static LocalResponse plain(int status, String text) {
        return new LocalResponse(status, LocalResponse.DEFAULT_CONTENT_TYPE, text + "\nrequest id: " + LocalResponse.REQUEST_ID + "\n");
    }
}

package dev.bliss.proxy.exchange;

import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.proxy.challenge.ChallengeResponse;
import dev.bliss.proxy.metrics.ProxyMetrics;
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
 * detector. Bodies are made once, as read-only buffers that every answer shares.
 *
 * <p>An answer ends its exchange. An HTTP/1.x connection whose request body has not been read
 * whole is closed after the answer: the unread body would be taken for the next request.
 *
 * <p>One per event loop.
 */
final class LocalAnswers {

    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain; charset=utf-8");
    static final ByteBuf NOT_FOUND = body("no route for this host and path\n");
    static final ByteBuf BAD_GATEWAY = body("bad gateway: the origin could not be reached\n");
    static final ByteBuf GATEWAY_TIMEOUT = body("gateway timeout: the origin did not answer in time\n");
    static final ByteBuf NO_ORIGIN = body("bad gateway: every origin of this upstream is failing\n");
    static final ByteBuf TOO_LARGE = body("request body too large\n");
    static final ByteBuf DETECTOR_FAILED = body("service unavailable: a required detector failed\n");
    static final ByteBuf HEADERS_TOO_LARGE = body("request header fields too large\n");
    static final ByteBuf URI_TOO_LONG = body("request target too long\n");
    static final ByteBuf BAD_REQUEST = body("bad request\n");

    private final ProxyMetrics metrics;
    private final AsciiString requestIdHeader;
    private final IdentityHashMap<LocalResponse, ByteBuf> ruleBodies = new IdentityHashMap<>();
    private final IdentityHashMap<String, AsciiString> contentTypes = new IdentityHashMap<>();

    LocalAnswers(ProxyMetrics metrics, AsciiString requestIdHeader) {
        this.metrics = metrics;
        this.requestIdHeader = requestIdHeader;
    }

    void noRoute(Exchange e) {
        answer(e, 404, "no_route", NOT_FOUND, TEXT_PLAIN);
    }

    void noOrigin(Exchange e) {
        answer(e, 502, "no_origin", NO_ORIGIN, TEXT_PLAIN);
    }

    void tooLarge(Exchange e) {
        answer(e, 413, "body_too_large", TOO_LARGE, TEXT_PLAIN);
    }

    void detectorFailed(Exchange e) {
        answer(e, 503, "detector_failed", DETECTOR_FAILED, TEXT_PLAIN);
    }

    void originFailure(Exchange e, OriginFailure failure) {
        answer(e, failure.status, failure.reason, failure == OriginFailure.TIMEOUT ? GATEWAY_TIMEOUT : BAD_GATEWAY, TEXT_PLAIN);
    }

    /** A rule's block or challenge answer, with the rule's status, content type and body. */
    void rule(Exchange e, LocalResponse response, String reason) {
        ByteBuf body = ruleBodies.get(response);
        if (body == null) {
            body = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(response.bodyBytes()).asReadOnly());
            ruleBodies.put(response, body);
        }
        AsciiString type = contentTypes.get(response.contentType());
        if (type == null) {
            type = AsciiString.of(response.contentType());
            contentTypes.put(response.contentType(), type);
        }
        answer(e, response.status(), reason, body, type);
    }

    /** What the browser challenge rendered: its page or short 403, or the verification's answer. */
    void challenge(Exchange e, ChallengeResponse rendered) {
        if (e.ended) {
            return;
        }
        FullHttpResponse response = start(e, rendered.status(), rendered.reason(), Unpooled.wrappedBuffer(rendered.body()),
                AsciiString.of(rendered.header("content-type")));
        for (int i = 0; i < rendered.headerCount(); i++) {
            if (!"content-type".equalsIgnoreCase(rendered.headerName(i))) {
                response.headers().add(rendered.headerName(i), rendered.headerValue(i));
            }
        }
        send(e, response);
    }

    private void answer(Exchange e, int status, String reason, ByteBuf body, AsciiString contentType) {
        if (e.ended) {
            return;
        }
        send(e, start(e, status, reason, body.duplicate(), contentType));
    }

    /** The answer's head and body; the exchange's origin side is dropped and the outcome noted. */
    private FullHttpResponse start(Exchange e, int status, String reason, ByteBuf body, AsciiString contentType) {
        e.origin.abort();
        e.localReason = reason;
        e.status = status;
        metrics.localResponse(reason);
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

    /** A request head the codec refused (too long, malformed): answered and the connection closed. */
    void malformed(ClientConnection client, Throwable cause) {
        int status;
        ByteBuf body;
        String reason;
        if (cause instanceof TooLongHttpHeaderException) {
            status = 431;
            body = HEADERS_TOO_LARGE;
            reason = "headers_too_large";
        } else if (cause instanceof TooLongHttpLineException || cause instanceof TooLongFrameException) {
            status = 414;
            body = URI_TOO_LONG;
            reason = "uri_too_long";
        } else {
            status = 400;
            body = BAD_REQUEST;
            reason = "bad_request";
        }
        metrics.localResponse(reason);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(status), body.duplicate(), false);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        client.writeWhole(response, true);
        if (client.info().http2) {
            client.close();
        }
    }

    private static ByteBuf body(String text) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8)).asReadOnly());
    }
}

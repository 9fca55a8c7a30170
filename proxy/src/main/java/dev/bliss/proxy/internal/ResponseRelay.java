package dev.bliss.proxy.internal;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * Streams an origin response's body to the client with back-pressure, and makes a failure on
 * either side visible on the other, which Vert.x's {@code pipeTo} does not do for a proxy:
 *
 * <ul>
 *   <li>the origin fails mid-body: the client's response is <em>reset</em>, never ended, because
 *       an ended chunked response (or HTTP/2 stream) looks complete to the client; a pipe ends its
 *       destination when its source fails;</li>
 *   <li>the client goes away mid-body: the origin exchange is reset at once, so its connection
 *       stops streaming to nobody; a pipe ends the closed response, then may still hand it chunks
 *       the origin had queued, which throws on the event loop.</li>
 * </ul>
 *
 * Trailers (HTTP/2, chunked HTTP/1.1; gRPC's status travels in them) are passed on. Event-loop
 * only; one per forwarded response.
 */
final class ResponseRelay {

    private final HttpClientRequest originRequest;
    private final HttpClientResponse from;
    private final HttpServerResponse to;
    /** Runs when the origin breaks off a response it had started: the caller counts it. */
    private final Runnable originBroke;
    private boolean done;

    private ResponseRelay(HttpClientRequest originRequest, HttpClientResponse from, HttpServerResponse to, Runnable originBroke) {
        this.originRequest = originRequest;
        this.from = from;
        this.to = to;
        this.originBroke = originBroke;
    }

    /** Starts relaying; the head (status, headers) must already be set on {@code to}. */
    static void start(HttpClientRequest originRequest, HttpClientResponse from, HttpServerResponse to, Runnable originBroke) {
        ResponseRelay relay = new ResponseRelay(originRequest, from, to, originBroke);
        if (!to.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
            to.setChunked(true);
        }
        to.closeHandler(v -> relay.clientGone());
        to.exceptionHandler(e -> relay.clientGone());
        from.exceptionHandler(e -> relay.originFailed());
        from.endHandler(v -> relay.originEnded());
        from.handler(relay::chunk);
        from.resume();
    }

    private void chunk(Buffer chunk) {
        if (done) {
            return;
        }
        to.write(chunk);
        if (to.writeQueueFull()) {
            from.pause();
            to.drainHandler(v -> {
                if (!done) {
                    from.resume();
                }
            });
        }
    }

    private void originEnded() {
        if (done) {
            return;
        }
        done = true;
        if (!from.trailers().isEmpty()) {
            to.trailers().setAll(from.trailers());
        }
        to.end();
    }

    private void originFailed() {
        if (done) {
            return;
        }
        done = true;
        originBroke.run();
        to.reset();
    }

    private void clientGone() {
        if (done) {
            return;
        }
        done = true;
        from.handler(null);
        originRequest.reset();
    }
}

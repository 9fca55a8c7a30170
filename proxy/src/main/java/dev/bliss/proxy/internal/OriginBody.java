package dev.bliss.proxy.internal;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.streams.ReadStream;

/**
 * A client's request body on its way to the origin. Bytes pass through as they arrive, and two
 * things are watched on the way:
 *
 * <ul>
 *   <li><b>Progress.</b> {@code progress} runs at every chunk and once more at the end of the body.
 *       The proxy re-arms the origin's response timeout there, so the timeout measures the origin's
 *       silence from the last byte it was given: an upload longer than the timeout is not cut off
 *       while it moves (Vert.x's own idle timer counts only bytes received from the origin, so an
 *       origin that answers after the whole body got a 504 from any upload slower than the
 *       timeout), while an origin that stops reading still times out, since back-pressure then
 *       stops the chunks too.</li>
 *   <li><b>Size</b>, for bodies whose length is not declared up front (chunked HTTP/1.1, HTTP/2
 *       without content-length): the chunk that crosses {@code limit} is not passed on, and
 *       {@code exceeded} runs once instead, so the caller can answer 413 and abort the origin
 *       request. A declared length is checked before the origin is asked at all.</li>
 * </ul>
 *
 * <p>Event-loop only, one per request with a body.
 */
final class OriginBody implements ReadStream<Buffer> {

    /** No size limit. */
    static final long UNLIMITED = Long.MAX_VALUE;

    private final HttpServerRequest request;
    private final long limit;
    private final Runnable exceeded;
    private final Runnable progress;
    private long seen;
    private boolean over;

    /**
     * @param limit    the most bytes to pass on, or {@link #UNLIMITED}
     * @param exceeded runs once when the body crosses {@code limit}
     * @param progress runs at every chunk passed on and at the end of the body
     */
    OriginBody(HttpServerRequest request, long limit, Runnable exceeded, Runnable progress) {
        this.request = request;
        this.limit = limit;
        this.exceeded = exceeded;
        this.progress = progress;
    }

    @Override
    public OriginBody handler(Handler<Buffer> handler) {
        if (handler == null) {
            request.handler(null);
            return this;
        }
        request.handler(chunk -> {
            if (over) {
                return;
            }
            seen += chunk.length();
            if (seen > limit) {
                over = true;
                exceeded.run();
                return;
            }
            progress.run();
            handler.handle(chunk);
        });
        return this;
    }

    @Override
    public OriginBody exceptionHandler(Handler<Throwable> handler) {
        request.exceptionHandler(handler);
        return this;
    }

    @Override
    public OriginBody pause() {
        request.pause();
        return this;
    }

    @Override
    public OriginBody resume() {
        request.resume();
        return this;
    }

    @Override
    public OriginBody fetch(long amount) {
        request.fetch(amount);
        return this;
    }

    @Override
    public OriginBody endHandler(Handler<Void> endHandler) {
        request.endHandler(v -> {
            if (over) {
                return;
            }
            progress.run();
            if (endHandler != null) {
                endHandler.handle(v);
            }
        });
        return this;
    }
}

package dev.bliss.proxy.internal;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.streams.ReadStream;

/**
 * A request body that may not exceed a limit, for bodies whose length is not declared up front
 * (chunked HTTP/1.1, HTTP/2 without content-length). Bytes pass through as they arrive; the chunk
 * that crosses the limit is not passed on, and {@code exceeded} runs once instead, so the caller
 * can abort the origin request and answer 413.
 *
 * <p>Event-loop only, one per request with such a body.
 */
final class LimitedBody implements ReadStream<Buffer> {

    private final HttpServerRequest request;
    private final long limit;
    private final Runnable exceeded;
    private long seen;
    private boolean over;

    LimitedBody(HttpServerRequest request, long limit, Runnable exceeded) {
        this.request = request;
        this.limit = limit;
        this.exceeded = exceeded;
    }

    @Override
    public LimitedBody handler(Handler<Buffer> handler) {
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
            handler.handle(chunk);
        });
        return this;
    }

    @Override
    public LimitedBody exceptionHandler(Handler<Throwable> handler) {
        request.exceptionHandler(handler);
        return this;
    }

    @Override
    public LimitedBody pause() {
        request.pause();
        return this;
    }

    @Override
    public LimitedBody resume() {
        request.resume();
        return this;
    }

    @Override
    public LimitedBody fetch(long amount) {
        request.fetch(amount);
        return this;
    }

    @Override
    public LimitedBody endHandler(Handler<Void> endHandler) {
        request.endHandler(v -> {
            if (!over && endHandler != null) {
                endHandler.handle(v);
            }
        });
        return this;
    }
}

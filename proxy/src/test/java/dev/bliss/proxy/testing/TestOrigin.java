package dev.bliss.proxy.testing;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.MultiMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A real origin server on loopback for proxy tests. By default it answers 200 "ok" after reading
 * the whole body; {@link #behaviour} replaces that. Every request it receives is recorded, with
 * its headers and body size, for the test to inspect.
 */
public final class TestOrigin implements AutoCloseable {

    /** What the origin saw of one request. */
    public record Seen(String method, String uri, MultiMap headers, long bodyBytes) {
    }

    private final Vertx vertx;
    private final HttpServer server;
    private final BlockingQueue<Seen> seen = new LinkedBlockingQueue<>();
    private volatile Consumer<HttpServerRequest> behaviour = this::answerOk;

    public TestOrigin() {
        this(new HttpServerOptions());
    }

    public TestOrigin(HttpServerOptions options) {
        this(options, server -> { });
    }

    /** An origin whose server {@code setup} configures before it listens (e.g. a WebSocket handler). */
    public TestOrigin(HttpServerOptions options, Consumer<HttpServer> setup) {
        this.vertx = Vertx.vertx();
        this.server = vertx.createHttpServer(options.setHost("127.0.0.1").setPort(0))
                .requestHandler(req -> behaviour.accept(req));
        setup.accept(server);
        Await.result(server.listen());
    }

    public int port() {
        return server.actualPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public Vertx vertx() {
        return vertx;
    }

    public HttpServer server() {
        return server;
    }

    public TestOrigin behaviour(Consumer<HttpServerRequest> b) {
        this.behaviour = b;
        return this;
    }

    /** The next request the origin saw, waiting up to 10 s. */
    public Seen next() throws InterruptedException {
        Seen s = seen.poll(10, TimeUnit.SECONDS);
        if (s == null) {
            throw new AssertionError("the origin saw no request within 10 s");
        }
        return s;
    }

    public int seenCount() {
        return seen.size();
    }

    /** Reads the whole body, records the request, then calls {@code then}. */
    public void record(HttpServerRequest req, Runnable then) {
        long[] bytes = new long[1];
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().addAll(req.headers());
        req.handler(b -> bytes[0] += b.length());
        req.endHandler(v -> {
            seen.add(new Seen(req.method().name(), req.uri(), headers, bytes[0]));
            then.run();
        });
    }

    private void answerOk(HttpServerRequest req) {
        record(req, () -> req.response().putHeader("content-type", "text/plain").end("ok"));
    }

    @Override
    public void close() {
        Await.result(vertx.close());
    }
}

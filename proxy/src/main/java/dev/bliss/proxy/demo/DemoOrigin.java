package dev.bliss.proxy.demo;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * The built-in origin that answers every request with the request it received, as JSON (method,
 * path, query, headers, body size), like httpbin's /anything. {@code bliss run} with no upstream
 * configured proxies to it, so a user sees exactly what the proxy adds (X-Forwarded-For, the bot
 * score header) without running an origin of their own. Listens on loopback only.
 */
public final class DemoOrigin {

    private final HttpServer server;

    private DemoOrigin(HttpServer server) {
        this.server = server;
    }

    /** Starts on 127.0.0.1 and a free port. */
    public static Future<DemoOrigin> start(Vertx vertx) {
        return vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(DemoOrigin::answer)
                .listen()
                .map(DemoOrigin::new);
    }

    public int port() {
        return server.actualPort();
    }

    public Future<Void> close() {
        return server.close();
    }

    private static void answer(HttpServerRequest req) {
        long[] bodySize = new long[1];
        req.handler(chunk -> bodySize[0] += chunk.length());
        req.endHandler(v -> {
            JsonObject headers = new JsonObject();
            for (Map.Entry<String, String> e : req.headers()) {
                Object previous = headers.getValue(e.getKey());
                if (previous == null) {
                    headers.put(e.getKey(), e.getValue());
                } else if (previous instanceof JsonArray list) {
                    list.add(e.getValue());
                } else {
                    headers.put(e.getKey(), new JsonArray().add(previous).add(e.getValue()));
                }
            }
            JsonObject echo = new JsonObject()
                    .put("method", req.method().name())
                    .put("path", req.path())
                    .put("query", req.query())
                    .put("headers", headers)
                    .put("body_bytes", bodySize[0])
                    .put("origin", "bliss demo origin: configure upstreams and routes in bliss.yaml to proxy your own");
            req.response().putHeader("content-type", "application/json").end(echo.encodePrettily() + "\n");
        });
    }
}

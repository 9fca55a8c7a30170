package dev.bliss.training.simulate;

import dev.bliss.training.simulate.site.LabSite;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The lab site behind a server that records every request it receives, keyed by request id:
 * method, URI, every header in arrival order and the body, as one text.
 */
final class RecordingSite implements AutoCloseable {

    /** What arrived for one request id; {@code version} is HTTP_1_1 or HTTP_2. */
    record Arrival(String method, String uri, String version, Map<String, String> headers, String text) {
    }

    private final Vertx vertx = Vertx.vertx();
    private final LabSite site = new LabSite(vertx, LabSite.DEFAULT_REQUEST_ID_HEADER);
    private final Map<String, Arrival> arrivals = new ConcurrentHashMap<>();
    private final HttpServer server;

    RecordingSite() throws Exception {
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(req -> req.body().onSuccess(body -> {
                    StringBuilder text = new StringBuilder(req.method().name()).append(' ').append(req.uri()).append('\n');
                    Map<String, String> headers = new ConcurrentHashMap<>();
                    req.headers().forEach(e -> {
                        String name = e.getKey().toLowerCase(Locale.ROOT);
                        text.append(name).append(": ").append(e.getValue()).append('\n');
                        headers.merge(name, e.getValue(), (a, b) -> a + ", " + b);
                    });
                    text.append('\n').append(body.toString());
                    String id = req.getHeader(LabSite.DEFAULT_REQUEST_ID_HEADER);
                    if (id != null) {
                        arrivals.put(id, new Arrival(req.method().name(), req.uri(), req.version().name(), headers, text.toString()));
                    }
                    site.respond(req, body);
                }));
        server.listen().await(20, TimeUnit.SECONDS);
    }

    String url() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    Vertx vertx() {
        return vertx;
    }

    Map<String, Arrival> arrivals() {
        return arrivals;
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(20, TimeUnit.SECONDS);
    }
}

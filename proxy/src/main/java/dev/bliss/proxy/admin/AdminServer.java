package dev.bliss.proxy.admin;

import dev.bliss.proxy.config.AdminOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * The admin HTTP server, on its own port and bound to loopback by default:
 *
 * <pre>
 *   GET  /               the dashboard page ({@link DashboardPage}), polling /stats
 *   GET  /stats          recent traffic and counters as JSON ({@link StatsReport})
 *   GET  /healthz        200 while the process runs
 *   GET  /readyz         200 while serving, 503 with the reason before start, during shutdown
 *                        and while a readiness check fails (bliss run: the embedded feature service)
 *   GET  /metrics        Prometheus text format
 *   GET  /config         the effective configuration as JSON, secrets redacted
 *   POST /rules/reload   recompile the firewall rules; 200 with the new rule count, 422 with the error
 *   POST /reload         what SIGHUP does (routes, upstreams, trusted proxies, rules, plugin files);
 *                        200 with what was reloaded, 422 with why nothing was
 * </pre>
 *
 * Every route is behind {@link AdminAccess} (loopback or bearer token, no cross-site requests).
 * Handlers run on the admin server's event loop; the reload is compiled on a worker thread.
 */
public final class AdminServer {

    /** A reload action: a future of its outcome message; failed futures carry the error text. */
    public interface Reload extends Supplier<Future<String>> {
    }

    private final HttpServer server;

    private AdminServer(HttpServer server) {
        this.server = server;
    }

    /**
     * @param notReady null while the proxy is ready, else why not (the /readyz body)
     */
    public static Future<AdminServer> start(Vertx vertx, AdminOptions options, Supplier<String> notReady,
                                            Supplier<String> metrics, Supplier<JsonObject> config, Reload reloadRules,
                                            Reload reloadAll, StatsReport stats) {
        Router router = Router.router(vertx);
        router.route().handler(new AdminAccess(options));
        router.get("/").handler(new DashboardPage());
        router.get("/stats").handler(rc -> rc.response()
                .putHeader("content-type", "application/json")
                .putHeader("cache-control", "no-store")
                .end(stats.render().encode()));
        router.get("/healthz").handler(rc -> text(rc, 200, "ok\n"));
        router.get("/readyz").handler(rc -> {
            String problem = notReady.get();
            text(rc, problem == null ? 200 : 503, problem == null ? "ready\n" : "not ready: " + problem + "\n");
        });
        router.get("/metrics").handler(rc -> rc.response()
                .putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8")
                .end(metrics.get()));
        router.get("/config").handler(rc -> rc.response()
                .putHeader("content-type", "application/json")
                .end(config.get().encodePrettily() + "\n"));
        router.post("/rules/reload").handler(rc -> reloadRules.get().onComplete(ar -> {
            if (ar.succeeded()) {
                text(rc, 200, ar.result() + "\n");
            } else {
                text(rc, 422, "rules not reloaded, the previous rules stay in effect:\n" + ar.cause().getMessage() + "\n");
            }
        }));
        router.post("/reload").handler(rc -> reloadAll.get().onComplete(ar ->
                text(rc, ar.succeeded() ? 200 : 422, (ar.succeeded() ? ar.result() : ar.cause().getMessage()) + "\n")));
        // HTTP/1.1 only: the JDK client's h2c upgrade against Vert.x 5.0.7 sometimes left a large
        // answer (/metrics) unfinished, and an admin port has no use for HTTP/2
        return vertx.createHttpServer(new HttpServerOptions().setHost(options.host()).setPort(options.port())
                        .setHttp2ClearTextEnabled(false))
                .requestHandler(router)
                .listen()
                .map(AdminServer::new);
    }

    public int port() {
        return server.actualPort();
    }

    public Future<Void> close() {
        return server.close();
    }

    private static void text(RoutingContext rc, int status, String body) {
        rc.response().setStatusCode(status).putHeader("content-type", "text/plain; charset=utf-8").end(body);
    }

}

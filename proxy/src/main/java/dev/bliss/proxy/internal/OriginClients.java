package dev.bliss.proxy.internal;

import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.routing.RouteTable;
import dev.bliss.proxy.routing.UpstreamGroup;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One event loop's origin clients, one per upstream group (its connection pool). Groups that
 * appear after a reload get a client on first use; when that happens, clients of groups the
 * routes in force no longer name are shut down gracefully (exchanges still on them finish first).
 *
 * <p>Event-loop only. A lookup of a known group is one identity-map probe and allocates nothing.
 */
final class OriginClients {

    private final Vertx vertx;
    private final int maxHeaderSize;
    private final long drainMillis;
    private final Supplier<RouteTable> routes;
    private final Map<UpstreamGroup, HttpClient> clients = new IdentityHashMap<>();

    OriginClients(Vertx vertx, int maxHeaderSize, long drainMillis, Supplier<RouteTable> routes) {
        this.vertx = vertx;
        this.maxHeaderSize = maxHeaderSize;
        this.drainMillis = drainMillis;
        this.routes = routes;
        for (Route route : routes.get().routes()) {
            clients.computeIfAbsent(route.upstream(), this::newClient);
        }
    }

    HttpClient get(UpstreamGroup group) {
        HttpClient client = clients.get(group);
        if (client == null) {
            retireUnrouted();
            client = newClient(group);
            clients.put(group, client);
        }
        return client;
    }

    private void retireUnrouted() {
        Map<UpstreamGroup, Boolean> routed = new IdentityHashMap<>();
        for (Route route : routes.get().routes()) {
            routed.put(route.upstream(), Boolean.TRUE);
        }
        List<UpstreamGroup> gone = new ArrayList<>();
        for (UpstreamGroup g : clients.keySet()) {
            if (!routed.containsKey(g)) {
                gone.add(g);
            }
        }
        for (UpstreamGroup g : gone) {
            clients.remove(g).shutdown(drainMillis, TimeUnit.MILLISECONDS);
        }
    }

    private HttpClient newClient(UpstreamGroup group) {
        return vertx.createHttpClient(new HttpClientOptions()
                        .setKeepAlive(true)
                        .setKeepAliveTimeout(60)
                        .setMaxHeaderSize(Math.max(8192, maxHeaderSize * 2))
                        .setDecompressionSupported(false),
                new PoolOptions().setHttp1MaxSize(group.poolSize()).setMaxWaitQueueSize(4 * group.poolSize() * 64));
    }
}

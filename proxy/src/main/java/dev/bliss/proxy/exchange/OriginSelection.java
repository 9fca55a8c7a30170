package dev.bliss.proxy.exchange;

import dev.bliss.proxy.metrics.RequestMeters;
import dev.bliss.proxy.origin.OriginPool;
import dev.bliss.proxy.routing.Origin;
import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.routing.RouteTable;
import dev.bliss.proxy.routing.UpstreamGroup;
import java.util.IdentityHashMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The route stage: the first route matching host and path, then an available origin of its
 * upstream (round-robin, passive health), then this loop's connection pool to that origin. Pools
 * are made on first use, so origins that appear after a reload get theirs too.
 *
 * <p>One per event loop.
 */
final class OriginSelection {

    private final Supplier<RouteTable> routes;
    private final RequestMeters meters;
    private final BiFunction<Origin, UpstreamGroup, OriginPool> newPool;
    private final IdentityHashMap<Origin, OriginPool> pools = new IdentityHashMap<>();

    /** @param routes the routes in force (a reload may replace them; pools follow origins, made on first use) */
    OriginSelection(Supplier<RouteTable> routes, RequestMeters meters, BiFunction<Origin, UpstreamGroup, OriginPool> newPool) {
        this.routes = routes;
        this.meters = meters;
        this.newPool = newPool;
    }

    /** @return the pool to take a connection from, or null when the request has been answered */
    OriginPool select(Exchange e) {
        Route route = routes.get().match(e.view.host(), e.view.path());
        e.route = route;
        if (route == null) {
            e.path.answers().noRoute(e);
            return null;
        }
        UpstreamGroup group = route.upstream();
        e.group = group;
        Origin origin = group.select(System.nanoTime());
        if (origin == null) {
            meters.originError(group, "unavailable");
            e.path.answers().noOrigin(e);
            return null;
        }
        e.chosenOrigin = origin;
        OriginPool pool = pools.get(origin);
        if (pool == null) {
            pool = newPool.apply(origin, group);
            pools.put(origin, pool);
        }
        return pool;
    }

    Iterable<OriginPool> pools() {
        return pools.values();
    }
}

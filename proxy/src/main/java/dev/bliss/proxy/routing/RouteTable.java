package dev.bliss.proxy.routing;

import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.config.RouteOptions;
import dev.bliss.proxy.config.UpstreamOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The routes in match order; the first whose host and path prefix match wins. Immutable and
 * shared by every event loop; {@link #match} allocates nothing.
 */
public final class RouteTable {

    private final Route[] routes;

    private RouteTable(Route[] routes) {
        this.routes = routes;
    }

    public static RouteTable of(ProxyOptions options) {
        return of(options, null);
    }

    /**
     * The table of a reloaded configuration. An upstream group of {@code previous} whose options
     * are unchanged is kept, with its origins' health and (on every event loop) its connection
     * pool; the others are new.
     */
    public static RouteTable of(ProxyOptions options, RouteTable previous) {
        Map<String, UpstreamGroup> kept = new HashMap<>();
        if (previous != null) {
            for (Route r : previous.routes) {
                kept.put(r.upstream().name(), r.upstream());
            }
        }
        Map<String, UpstreamGroup> groups = new HashMap<>();
        for (UpstreamOptions u : options.upstreams().values()) {
            UpstreamGroup old = kept.get(u.name());
            groups.put(u.name(), old != null && old.options().equals(u) ? old : new UpstreamGroup(u));
        }
        List<Route> routes = new ArrayList<>();
        for (RouteOptions r : options.routes()) {
            String host = r.host();
            boolean wildcard = host != null && host.startsWith("*.");
            routes.add(new Route(routes.size(), r.name(), wildcard ? host.substring(1) : host, wildcard,
                    r.pathPrefix(), groups.get(r.upstream())));
        }
        return new RouteTable(routes.toArray(Route[]::new));
    }

    /** A table with one catch-all route to {@code upstream} (the demo origin). */
    public static RouteTable catchAll(UpstreamOptions upstream) {
        return new RouteTable(new Route[] {new Route(0, "demo", null, false, "/", new UpstreamGroup(upstream))});
    }

    /**
     * The route for a request, or {@code null} (answer 404).
     *
     * @param host the Host header value, possibly with a port, or {@code null}
     */
    public Route match(CharSequence host, CharSequence path) {
        int hostLength = host == null ? 0 : hostLength(host);
        for (Route r : routes) {
            if (r.matches(host, hostLength, path)) {
                return r;
            }
        }
        return null;
    }

    public List<Route> routes() {
        return List.of(routes);
    }

    /** The length of the host part of an authority, without {@code :port}; IPv6 brackets kept. */
    private static int hostLength(CharSequence authority) {
        int n = authority.length();
        for (int i = n - 1; i >= 0; i--) {
            char c = authority.charAt(i);
            if (c == ':') {
                return i;
            }
            if (c == ']' || c < '0' || c > '9') {
                return n;
            }
        }
        return n;
    }
}

package dev.bliss.proxy.internal;

import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.routing.RouteTable;

/**
 * What a reload may replace on the request path, as one immutable snapshot: the routes with their
 * upstream groups, and the forwarded-header policy built on the trusted proxies. A reload builds
 * a whole new one off the event loops and {@link ProxyShared} publishes it with one volatile store,
 * so a request sees either the old state or the new one for each lookup, never a half-built one.
 */
record RoutingState(RouteTable routes, ForwardedHeaders forwarded) {
}

package dev.bliss.proxy.admin;

import dev.bliss.proxy.config.AdminOptions;
import dev.bliss.proxy.config.AdminToken;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.net.InetAddress;

/**
 * Who may use the admin server; the first handler of its router, so every route, present and
 * future, is behind it.
 *
 * <pre>
 *   /healthz, /readyz           anyone who can connect (load balancers probe them)
 *   GET /  (the dashboard page) anyone who can connect, from any site: the page holds no data, /stats does
 *   everything else             a loopback peer, or "Authorization: Bearer &lt;admin.token_file&gt;"
 *   anything from a browser     refused when cross-site: Sec-Fetch-Site other than same-origin
 *                               or none, or an Origin that is not this server
 *   any Host but these          refused (DNS rebinding): the bound address, a loopback address or
 *                               localhost name, any IP literal when bound to a wildcard address,
 *                               and the names of admin.allowed_hosts
 *   a POST with a body          refused unless its content type is JSON (415): the types a
 *                               cross-site form can send without a preflight are never accepted
 * </pre>
 *
 * So a web page open in the operator's browser can neither trigger a reload (its POST is
 * cross-site) nor read the stats through a rebound DNS name. State-changing routes are POST
 * only; the router answers other methods on them with 405.
 *
 * <p>Runs on the admin server's event loop; stateless after construction.
 */
final class AdminAccess implements Handler<RoutingContext> {

    private final AdminToken token;
    private final String boundHost;
    private final boolean wildcard;
    private final java.util.Set<String> allowedHosts;

    AdminAccess(AdminOptions options) {
        this.token = options.token();
        String host = options.host();
        this.boundHost = (host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host)
                .toLowerCase(java.util.Locale.ROOT);
        this.wildcard = boundHost.equals("0.0.0.0") || boundHost.equals("::");
        this.allowedHosts = java.util.Set.copyOf(options.allowedHosts().stream()
                .map(h -> h.toLowerCase(java.util.Locale.ROOT)).toList());
    }

    @Override
    public void handle(RoutingContext rc) {
        HttpServerRequest req = rc.request();
        String path = req.path();
        if (path.equals("/healthz") || path.equals("/readyz")) {
            rc.next();
            return;
        }
        if (!allowedHost(req.getHeader("host"))) {
            refuse(rc, 403, "refused: the admin server answers only to its own address, localhost or admin.allowed_hosts\n");
            return;
        }
        if (path.equals("/") && (req.method() == HttpMethod.GET || req.method() == HttpMethod.HEAD)) {
            rc.next(); // the page holds no data: a link from another site (a runbook, Grafana) may open it
            return;
        }
        if (crossSite(req)) {
            refuse(rc, 403, "refused: a cross-site request to the admin server\n");
            return;
        }
        if (req.method() == HttpMethod.POST && hasBody(req) && !json(req.getHeader("content-type"))) {
            refuse(rc, 415, "refused: a POST with a body takes Content-Type: application/json\n");
            return;
        }
        if (loopbackPeer(req.remoteAddress()) || presentsToken(req)) {
            rc.next();
            return;
        }
        rc.response().putHeader("www-authenticate", "Bearer realm=\"bliss admin\"");
        refuse(rc, 401, "unauthorized: send Authorization: Bearer <the token of admin.token_file>\n");
    }

    private boolean presentsToken(HttpServerRequest req) {
        String authorization = req.getHeader("authorization");
        if (token == null || authorization == null || authorization.length() < 7
                || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return token.matches(authorization.substring(7).strip());
    }

    /**
     * Browsers say where a request comes from: Sec-Fetch-Site (all current ones), else Origin on
     * anything but a plain GET. Tools such as curl send neither and are judged by peer and token.
     */
    private static boolean crossSite(HttpServerRequest req) {
        String site = req.getHeader("sec-fetch-site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return true;
        }
        String origin = req.getHeader("origin");
        if (origin == null) {
            return false;
        }
        String host = req.getHeader("host");
        int scheme = origin.indexOf("://");
        return host == null || scheme < 0 || !origin.substring(scheme + 3).equalsIgnoreCase(host);
    }

    private boolean allowedHost(String host) {
        if (host == null) {
            return true; // HTTP/1.0 without Host: not a browser
        }
        String name = host;
        if (name.startsWith("[")) {
            int end = name.indexOf(']');
            name = end < 0 ? name : name.substring(1, end);
        } else if (name.indexOf(':') == name.lastIndexOf(':')) {
            int colon = name.indexOf(':');
            name = colon < 0 ? name : name.substring(0, colon);
        }
        name = name.toLowerCase(java.util.Locale.ROOT);
        if (name.equals(boundHost) || name.endsWith(".localhost") || allowedHosts.contains(name) || AdminOptions.isLoopback(name)) {
            return true;
        }
        try {
            InetAddress literal = InetAddress.ofLiteral(name);
            return wildcard || literal.equals(InetAddress.ofLiteral(boundHost));
        } catch (IllegalArgumentException e) {
            return false; // a name nobody configured: it may be a rebound one
        }
    }

    private static boolean hasBody(HttpServerRequest req) {
        String length = req.getHeader("content-length");
        return length != null ? !length.strip().equals("0") : req.getHeader("transfer-encoding") != null;
    }

    private static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(java.util.Locale.ROOT);
        return type.equals("application/json") || type.endsWith("+json");
    }

    private static boolean loopbackPeer(SocketAddress remote) {
        if (remote == null || remote.hostAddress() == null) {
            return false;
        }
        try {
            return InetAddress.ofLiteral(remote.hostAddress()).isLoopbackAddress();
        } catch (IllegalArgumentException e) {
            return false; // a domain socket or other non-IP peer: not trusted without the token
        }
    }

    private static void refuse(RoutingContext rc, int status, String text) {
        rc.response().setStatusCode(status).putHeader("content-type", "text/plain; charset=utf-8").end(text);
    }
}

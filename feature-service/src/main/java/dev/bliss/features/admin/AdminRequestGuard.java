package dev.bliss.features.admin;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.net.InetAddress;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which requests the feature service's admin endpoint answers at all, before any route:
 *
 * <pre>
 *   Host                   the bound address, a localhost name, or a name in admin.allowed_hosts
 *                          (any IP literal when bound to a wildcard); else 403. A page on another
 *                          site that re-points its DNS name at 127.0.0.1 (DNS rebinding) sends its
 *                          own name, so it is refused before it can read /status or import.
 *   POST                   refused when cross-site: Sec-Fetch-Site other than same-origin or none,
 *                          or an Origin other than this server (403)
 * </pre>
 *
 * Browsers cannot send a body of any other type than the CORS-safelisted ones (text/plain,
 * form encodings) cross-site without a preflight this server never grants, so the import route
 * also insists on its own content types ({@link ImportRequest}). /healthz answers any Host: load
 * balancers and orchestrators probe it by address or by a name of their own.
 *
 * <p>Stateless after construction; runs on the endpoint's event loop.
 */
final class AdminRequestGuard {

    private final String boundHost;
    private final boolean wildcard;
    private final Set<String> allowedHosts;

    AdminRequestGuard(String boundHost, List<String> allowedHosts) {
        this.boundHost = unbracket(boundHost).toLowerCase(Locale.ROOT);
        this.wildcard = this.boundHost.equals("0.0.0.0") || this.boundHost.equals("::");
        this.allowedHosts = Set.copyOf(allowedHosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList());
    }

    /** Null when the request may go on, else the reason to refuse it with 403. */
    String refusal(HttpServerRequest request) {
        if (request.path().equals("/healthz")) {
            return null;
        }
        String host = request.getHeader("host");
        if (host != null && !allowedHost(hostName(host))) {
            return "refused: the feature service's admin answers only to its own address, localhost or "
                    + "feature_service.admin.allowed_hosts, not Host \"" + host + "\"";
        }
        if (request.method() != HttpMethod.GET && request.method() != HttpMethod.HEAD && crossSite(request)) {
            return "refused: a cross-site request to the feature service's admin";
        }
        return null;
    }

    private boolean allowedHost(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals(boundHost) || n.equals("localhost") || n.endsWith(".localhost") || allowedHosts.contains(n)) {
            return true;
        }
        try {
            InetAddress literal = InetAddress.ofLiteral(n);
            return literal.isLoopbackAddress() || wildcard || literal.equals(InetAddress.ofLiteral(boundHost));
        } catch (IllegalArgumentException e) {
            return false; // a name: only those configured
        }
    }

    private static boolean crossSite(HttpServerRequest request) {
        String site = request.getHeader("sec-fetch-site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return true;
        }
        String origin = request.getHeader("origin");
        if (origin == null) {
            return false;
        }
        String host = request.getHeader("host");
        int scheme = origin.indexOf("://");
        return host == null || scheme < 0 || !origin.substring(scheme + 3).equalsIgnoreCase(host);
    }

    /** The name of a Host header, without its port and IPv6 brackets. */
    static String hostName(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(1, end);
        }
        int colon = host.lastIndexOf(':');
        return colon < 0 || host.indexOf(':') != colon ? host : host.substring(0, colon);
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}

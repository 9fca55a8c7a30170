package dev.bliss.proxy.config;

/**
 * Sends requests whose host and path match to an upstream group. Routes are tried in order; the
 * first match wins.
 *
 * @param host       the host to match without port, case-insensitive; {@code *.example.com}
 *                   matches subdomains; {@code null} matches any host
 * @param pathPrefix the path prefix to match; {@code /} matches every path
 */
public record RouteOptions(String name, String host, String pathPrefix, String upstream) {
}

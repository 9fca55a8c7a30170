package dev.bliss.proxy.config;

import java.net.URI;

/**
 * One origin server: {@code http://host:port} or {@code https://host:port}.
 */
public record OriginAddress(String scheme, String host, int port) {

    /** Parses {@code http[s]://host[:port]}; a path is refused, since routes own the path. */
    public static OriginAddress parse(String text) {
        if (!text.startsWith("http://") && !text.startsWith("https://")) {
            throw new IllegalArgumentException("origin must start with http:// or https://, got " + text);
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + text);
        }
        String scheme = uri.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("origin must start with http:// or https://, got " + text);
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("origin has no host: " + text);
        }
        if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/")) {
            throw new IllegalArgumentException("origin must not have a path: " + text);
        }
        int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new OriginAddress(scheme, host, port);
    }

    public boolean tls() {
        return scheme.equals("https");
    }

    @Override
    public String toString() {
        return scheme + "://" + (host.indexOf(':') >= 0 ? '[' + host + ']' : host) + ':' + port;
    }
}

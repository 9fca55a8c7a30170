package dev.bliss.proxy.routing;

/**
 * A compiled route: host and path-prefix match to an upstream group.
 *
 * @param index position in the table, used to index per-route metrics without a map lookup
 */
public record Route(int index, String name, String host, boolean wildcardHost, String pathPrefix, UpstreamGroup upstream) {

    /** Whether the route takes a request for {@code host} (port stripped, any case) and {@code path}. */
    boolean matches(CharSequence requestHost, int hostLength, CharSequence path) {
        if (host != null && !hostMatches(requestHost, hostLength)) {
            return false;
        }
        return startsWith(path, pathPrefix);
    }

    private boolean hostMatches(CharSequence h, int len) {
        if (h == null) {
            return false;
        }
        if (wildcardHost) {
            // host is ".example.com": a subdomain of it
            return len > host.length() && regionEqualsIgnoreCase(h, len - host.length(), host);
        }
        return len == host.length() && regionEqualsIgnoreCase(h, 0, host);
    }

    private static boolean regionEqualsIgnoreCase(CharSequence h, int offset, String lowerHost) {
        for (int i = 0; i < lowerHost.length(); i++) {
            char c = h.charAt(offset + i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + 32);
            }
            if (c != lowerHost.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(CharSequence s, String prefix) {
        if (s.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (s.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}

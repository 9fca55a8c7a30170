package dev.bliss.proxy.exchange;

/**
 * The request target of one request, taken apart (RFC 9112 §3.2): origin-form
 * ({@code /path?query}) or absolute-form ({@code http://authority/path?query}); every other form
 * (asterisk, authority, a bare word) is refused by {@link #parse}.
 *
 * <p>The path is kept twice: as received ({@link #rawPath}, the firewall's
 * {@code raw.http.request.uri.path}) and normalised by {@link PathNormalizer} ({@link #path},
 * {@code http.request.uri.path}). The origin-form target is kept twice too: {@link #normalForm}
 * (normalised path and the query) and {@link #rawForm} (as received, without scheme and
 * authority). When the client sent a normal origin-form target, all of these are windows on, or
 * the very instance of, the codec's string: nothing is allocated.
 *
 * <p>Pooled with its request view; event loop only.
 */
final class RequestTarget {

    private static final String ROOT = "/";

    final TextSlice rawPath = new TextSlice();
    final TextSlice path = new TextSlice();
    final TextSlice query = new TextSlice();
    /** The authority of an absolute-form target; empty for origin-form. */
    final TextSlice authority = new TextSlice();
    private boolean absolute;
    private String normalForm;
    private String rawForm;

    /**
     * Parses {@code uri} (visible ASCII only, checked by the caller).
     *
     * @return whether the target is one bliss serves
     */
    boolean parse(String uri, PathNormalizer normalizer) {
        int n = uri.length();
        int pathStart;
        if (n > 0 && uri.charAt(0) == '/') {
            absolute = false;
            authority.set(uri, 0, 0);
            pathStart = 0;
        } else {
            int authorityStart = schemeEnd(uri);
            if (authorityStart < 0) {
                return false;
            }
            int authorityEnd = authorityStart;
            while (authorityEnd < n && uri.charAt(authorityEnd) != '/' && uri.charAt(authorityEnd) != '?') {
                authorityEnd++;
            }
            if (authorityEnd == authorityStart) {
                return false;
            }
            absolute = true;
            authority.set(uri, authorityStart, authorityEnd);
            pathStart = authorityEnd;
        }
        int q = uri.indexOf('?', pathStart);
        int pathEnd = q < 0 ? n : q;
        if (q < 0) {
            query.set(uri, n, n);
        } else {
            query.set(uri, q + 1, n);
        }
        if (pathEnd == pathStart) {
            // "http://host" or "http://host?q": the path is "/" (RFC 9112 §3.2.2)
            rawPath.set(ROOT, 0, 1);
            path.set(ROOT, 0, 1);
            rawForm = q < 0 ? ROOT : ROOT + uri.substring(q);
            normalForm = rawForm;
            return true;
        }
        rawPath.set(uri, pathStart, pathEnd);
        rawForm = absolute ? uri.substring(pathStart) : uri;
        int verdict = normalizer.normalize(uri, pathStart, pathEnd);
        if (verdict == PathNormalizer.INVALID) {
            return false;
        }
        if (verdict == PathNormalizer.NORMAL) {
            path.set(uri, pathStart, pathEnd);
            normalForm = rawForm;
        } else {
            String normal = normalizer.result();
            path.set(normal, 0, normal.length());
            normalForm = q < 0 ? normal : normal + uri.substring(q);
        }
        return true;
    }

    /** The index after {@code http://} or {@code https://} (any case), or -1. */
    private static int schemeEnd(String uri) {
        if (uri.regionMatches(true, 0, "http://", 0, 7)) {
            return 7;
        }
        if (uri.regionMatches(true, 0, "https://", 0, 8)) {
            return 8;
        }
        return -1;
    }

    /** Whether the client sent the absolute form, whose authority replaces Host (RFC 9112 §3.2.2). */
    boolean absolute() {
        return absolute;
    }

    /** Normalised path and query: what rules see as the target, and the origin gets by default. */
    String normalForm() {
        return normalForm;
    }

    /** Path and query as received (scheme and authority of the absolute form left out). */
    String rawForm() {
        return rawForm;
    }

    void clear() {
        rawPath.clear();
        path.clear();
        query.clear();
        authority.clear();
        absolute = false;
        normalForm = null;
        rawForm = null;
    }
}

package dev.bliss.proxy.forward;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;

/**
 * Removes the headers that describe one connection rather than the message (RFC 9110 §7.6.1):
 * the fixed hop-by-hop set and every header the {@code Connection} header names. Applied in both
 * directions, client→origin and origin→client; an HTTP/2 client would reset the stream on any of
 * them.
 *
 * <p>Stateless; runs on the event loop. Allocates only when {@code Connection} names headers.
 */
public final class HopByHopHeaders {

    private static final CharSequence[] FIXED = {
        HttpHeaders.CONNECTION,
        HttpHeaders.KEEP_ALIVE,
        HttpHeaders.createOptimized("proxy-connection"),
        HttpHeaders.PROXY_AUTHENTICATE,
        HttpHeaders.PROXY_AUTHORIZATION,
        HttpHeaders.createOptimized("te"),
        HttpHeaders.createOptimized("trailer"),
        HttpHeaders.TRANSFER_ENCODING,
        HttpHeaders.UPGRADE,
    };

    private HopByHopHeaders() {
    }

    /** Removes, from {@code headers}, the hop-by-hop set and the headers named by its Connection. */
    public static void strip(MultiMap headers) {
        String connection = headers.get(HttpHeaders.CONNECTION);
        if (connection != null) {
            stripNamed(headers, connection);
        }
        for (CharSequence h : FIXED) {
            headers.remove(h);
        }
    }

    /**
     * Removes each header named in a Connection value, a comma-separated token list
     * ({@code close, X-Trace}).
     */
    static void stripNamed(MultiMap headers, String connection) {
        int i = 0;
        int n = connection.length();
        while (i < n) {
            while (i < n && (connection.charAt(i) == ',' || connection.charAt(i) == ' ' || connection.charAt(i) == '\t')) {
                i++;
            }
            int start = i;
            while (i < n && connection.charAt(i) != ',') {
                i++;
            }
            int end = i;
            while (end > start && (connection.charAt(end - 1) == ' ' || connection.charAt(end - 1) == '\t')) {
                end--;
            }
            if (end > start) {
                headers.remove(connection.substring(start, end));
            }
        }
    }
}

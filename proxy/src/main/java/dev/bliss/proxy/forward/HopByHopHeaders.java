package dev.bliss.proxy.forward;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.util.Iterator;
import java.util.Map;

/**
 * Removes, in one pass over a header block, the headers that describe one connection rather than
 * the message (RFC 9110 §7.6.1): the fixed hop-by-hop set, every header the {@code Connection}
 * header names, and the {@code x-http2-*} names Netty's HTTP/2 conversion uses internally. Applied
 * both ways, client→origin and origin→client; an HTTP/2 client would reset the stream on any of
 * them. Framing ({@code Transfer-Encoding}) goes too: the caller states the framing of the hop it
 * writes.
 *
 * <p>Netty's header iterator cannot remove, so the pass collects the names it finds into a scratch
 * array and removes those afterwards: a lookup per hop-by-hop header actually present (usually
 * none or one), not one per name of the set. Allocates one iterator per pass and nothing per
 * header: names are compared with the precomputed {@link AsciiString}s, and Connection-named
 * headers by scanning the Connection value in place.
 *
 * <p>One per event loop (the scratch array is its state).
 */
public final class HopByHopHeaders {

    private static final AsciiString PROXY_CONNECTION = AsciiString.cached("proxy-connection");
    private static final AsciiString HTTP2_EXTENSION_PREFIX = AsciiString.cached("x-http2-");

    private CharSequence[] found = new CharSequence[8];

    /** Removes every hop-by-hop header of {@code headers}. */
    public void strip(HttpHeaders headers) {
        String connection = headers.get(HttpHeaderNames.CONNECTION);
        int n = 0;
        Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence();
        while (it.hasNext()) {
            CharSequence name = it.next().getKey();
            if (isFixedHopByHop(name) || (connection != null && isNamedIn(connection, name))) {
                if (n == found.length) {
                    found = java.util.Arrays.copyOf(found, n * 2);
                }
                found[n++] = name;
            }
        }
        for (int i = 0; i < n; i++) {
            headers.remove(found[i]);
            found[i] = null;
        }
    }

    /** Whether {@code name} is one of RFC 9110's fixed hop-by-hop headers (or an HTTP/2 conversion header). */
    static boolean isFixedHopByHop(CharSequence name) {
        return switch (name.length()) {
            case 2 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TE);
            case 7 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRAILER)
                    || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.UPGRADE);
            case 10 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONNECTION)
                    || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.KEEP_ALIVE);
            case 16 -> AsciiString.contentEqualsIgnoreCase(name, PROXY_CONNECTION);
            case 17 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRANSFER_ENCODING)
                    || startsWithHttp2Prefix(name);
            case 18 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.PROXY_AUTHENTICATE)
                    || startsWithHttp2Prefix(name);
            case 19 -> AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.PROXY_AUTHORIZATION)
                    || startsWithHttp2Prefix(name);
            default -> name.length() > 8 && startsWithHttp2Prefix(name);
        };
    }

    private static boolean startsWithHttp2Prefix(CharSequence name) {
        int n = HTTP2_EXTENSION_PREFIX.length();
        if (name.length() < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (AsciiString.toLowerCase(name.charAt(i)) != HTTP2_EXTENSION_PREFIX.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code name} is one of the tokens of a Connection value, a comma-separated list such
     * as {@code close, X-Trace}; compared without case and without making strings.
     */
    static boolean isNamedIn(String connection, CharSequence name) {
        int n = connection.length();
        int i = 0;
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
            if (end - start == name.length() && regionEqualsIgnoreCase(connection, start, name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean regionEqualsIgnoreCase(String text, int from, CharSequence name) {
        for (int j = 0; j < name.length(); j++) {
            if (AsciiString.toLowerCase(text.charAt(from + j)) != AsciiString.toLowerCase(name.charAt(j))) {
                return false;
            }
        }
        return true;
    }
}

package dev.bliss.plugin;

/**
 * A read-only view of the client's request, as detectors and the firewall see it.
 *
 * <p>The proxy keeps one view per event loop and re-points it at each request, so a view and
 * every {@link CharSequence} it returns are valid only during the call that received them:
 * read, never retain. No method allocates in our implementation; sequences are the ones the
 * HTTP codec already made.
 *
 * <p><b>Thread:</b> the request's event loop only.
 */
public interface RequestView {

    /** The method, e.g. {@code GET}. */
    CharSequence method();

    /** The request target as received: path and query, e.g. {@code /a/b?x=1}. */
    CharSequence uri();

    /** The path part of {@link #uri()}, without the query. */
    CharSequence path();

    /** The query without its {@code ?}; empty when there is none. */
    CharSequence query();

    /** The host the client asked for (Host header or HTTP/2 :authority), port included if sent. */
    CharSequence host();

    ProtocolVersion version();

    /** Whether the client connection is TLS. */
    boolean isTls();

    /** The local port the request arrived on. */
    int localPort();

    /**
     * The client's address: the TCP peer, or, when the peer is a trusted proxy, the address it
     * reported in X-Forwarded-For. The instance is the view's; copy it to keep it.
     */
    IpAddress clientAddress();

    /** The number of request headers, in the order the client sent them. */
    int headerCount();

    /** The name of header {@code i} as received (HTTP/2 names are lower case). */
    CharSequence headerName(int i);

    CharSequence headerValue(int i);

    /** The first value of a header (case-insensitive name), or {@code null}. */
    CharSequence header(CharSequence name);

    /** {@link System#nanoTime()} when the request head arrived. */
    long receivedNanos();

    /**
     * Whether the TCP peer is one of the configured trusted proxies (a load balancer in front of
     * bliss), whose headers may be believed: X-Forwarded-For, and fingerprint headers such as a
     * JA3/JA4 computed by the balancer that terminated TLS.
     */
    default boolean fromTrustedProxy() {
        return false;
    }

    /** The 32-hex-character JA3 hash of the client's TLS ClientHello, or {@code null}. */
    default CharSequence ja3Hash() {
        return null;
    }

    /** The JA4 fingerprint of the client's TLS ClientHello, or {@code null}. */
    default CharSequence ja4() {
        return null;
    }
}

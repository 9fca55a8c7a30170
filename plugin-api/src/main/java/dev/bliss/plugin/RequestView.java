package dev.bliss.plugin;

/**
 * A read-only view of the client's request, as detectors and the firewall see it.
 *
 * <p>The proxy pools views per event loop and re-points one at each request, so the
 * {@link CharSequence}s a view returns are valid only during the call that received them: read,
 * never retain. One instance serves all phases of a request and is not reused for another
 * request before that request's {@link Detector#onComplete} returned (see {@link Detector}).
 * No method allocates in our implementation; sequences are the ones the HTTP codec already made.
 *
 * <p><b>Thread:</b> the request's event loop only.
 */
public interface RequestView {

    /** The method, e.g. {@code GET}. */
    CharSequence method();

    /**
     * The request target in origin form, path normalised and query as received, e.g.
     * {@code /a/b?x=1} (an absolute-form target's scheme and authority are in {@link #host()}).
     */
    CharSequence uri();

    /**
     * The path of {@link #uri()}, without the query, normalised as Cloudflare's "Normalize
     * incoming URLs" does: percent-encoded unreserved characters decoded, {@code \} read as
     * {@code /}, slashes merged, dot segments removed; {@code %2F} stays encoded. The firewall's
     * {@code http.request.uri.path}.
     */
    CharSequence path();

    /**
     * The path exactly as the client sent it (the firewall's {@code raw.http.request.uri.path}).
     * The default, {@link #path()}, is for views whose path was never normalised.
     */
    default CharSequence rawPath() {
        return path();
    }

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

    /**
     * The first value of a header (case-insensitive name), or {@code null}. Hashes the name per
     * call: on the request path prefer {@link #header(HeaderName)}.
     */
    CharSequence header(CharSequence name);

    /**
     * The first value of a header, or {@code null}, by a name resolved at startup
     * ({@link DetectorContext#headerName}): the host's lookup key, no hashing of the name.
     */
    default CharSequence header(HeaderName name) {
        return header(name.lookupKey());
    }

    /** {@link System#nanoTime()} when the request head arrived. */
    long receivedNanos();

    /**
     * The request's id, unique per request: the one a trusted proxy in front sent (in the header
     * configured as {@code request_id_header}, by default {@code x-request-id}) when it is at most
     * 128 visible ASCII characters, else one the proxy made. The origin receives it in that header
     * and the access log records it, so a request can be followed across logs. The proxy's views
     * always return one; the default, empty, is for views that tests and tools build.
     */
    default CharSequence requestId() {
        return "";
    }

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

package dev.bliss.proxy.forward;

import dev.bliss.plugin.IpAddress;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;

/**
 * Sets X-Forwarded-For, -Proto and -Host on the request to the origin, and works out the client's
 * address.
 *
 * <p>From an untrusted peer, whatever the client sent under these names is replaced: a client
 * cannot choose the address the origin and the rules see. From a trusted proxy (a load balancer in
 * front of bliss) the chain is kept and the peer appended, and the client address is the
 * right-most entry of the chain that is not itself a trusted proxy.
 *
 * <p>Stateless apart from its trusted list; event-loop only for the mutable arguments.
 */
public final class ForwardedHeaders {

    public static final AsciiString X_FORWARDED_FOR = AsciiString.cached("x-forwarded-for");
    public static final AsciiString X_FORWARDED_PROTO = AsciiString.cached("x-forwarded-proto");
    public static final AsciiString X_FORWARDED_HOST = AsciiString.cached("x-forwarded-host");
    private static final AsciiString HTTPS = AsciiString.cached("https");
    private static final AsciiString HTTP = AsciiString.cached("http");

    private final TrustedProxies trusted;

    public ForwardedHeaders(TrustedProxies trusted) {
        this.trusted = trusted;
    }

    /** Whether {@code peer} is one of the trusted proxies (the PROXY protocol is taken only from them). */
    public boolean trusts(IpAddress peer) {
        return trusted.contains(peer);
    }

    /**
     * Resolves the client address from the TCP peer and the request's X-Forwarded-For.
     *
     * @param peer    the TCP peer, already parsed
     * @param request the request's headers, whose X-Forwarded-For lines are read only from a trusted peer
     * @param client  receives the client address
     * @param hop     scratch space, so that nothing is allocated
     * @return whether the peer is a trusted proxy
     */
    public boolean resolveClient(IpAddress peer, HttpHeaders request, IpAddress client, IpAddress hop) {
        client.set(peer);
        if (!trusted.contains(peer)) {
            return false;
        }
        String xff = chain(request);
        if (xff != null) {
            // walk from the right: each hop that is a trusted proxy vouches for the one before it
            int end = xff.length();
            while (end > 0) {
                int comma = xff.lastIndexOf(',', end - 1);
                int start = comma + 1;
                int s = start;
                int e = end;
                while (s < e && xff.charAt(s) == ' ') {
                    s++;
                }
                while (e > s && xff.charAt(e - 1) == ' ') {
                    e--;
                }
                if (!hop.parse(xff, s, e)) {
                    break; // garbage in the chain: stop at the last address we could trust
                }
                client.set(hop);
                if (!trusted.contains(hop)) {
                    break;
                }
                end = comma < 0 ? 0 : comma;
            }
        }
        return true;
    }

    /**
     * The X-Forwarded-For chain of {@code headers}: every line, in order, as one list (RFC 9110
     * §5.3). A balancer that appends a line of its own instead of extending the client's would
     * otherwise leave the client's forged first line as the one read. Called for trusted peers
     * only (it allocates the list of lines).
     *
     * @return the chain, or {@code null} when there is none
     */
    static String chain(HttpHeaders headers) {
        String first = headers.get(X_FORWARDED_FOR);
        if (first == null) {
            return null;
        }
        java.util.List<String> lines = headers.getAll(X_FORWARDED_FOR);
        return lines.size() == 1 ? first : String.join(", ", lines);
    }

    /**
     * Writes the forwarding headers into the origin request's headers. Allocates only to append to
     * a trusted proxy's chain.
     *
     * @param peerTrusted what {@link #resolveClient} returned
     * @param peerText    the TCP peer address as text
     * @param tls         whether the client connection is TLS
     * @param host        the Host the client asked for, or {@code null}
     */
    public void apply(HttpHeaders origin, boolean peerTrusted, String peerText, boolean tls, CharSequence host) {
        AsciiString proto = tls ? HTTPS : HTTP;
        if (peerTrusted) {
            String chain = chain(origin);
            origin.set(X_FORWARDED_FOR, chain == null || chain.isBlank() ? peerText : chain + ", " + peerText);
            if (!origin.contains(X_FORWARDED_PROTO)) {
                origin.set(X_FORWARDED_PROTO, proto);
            }
            if (!origin.contains(X_FORWARDED_HOST) && host != null) {
                origin.set(X_FORWARDED_HOST, host);
            }
        } else {
            origin.set(X_FORWARDED_FOR, peerText);
            origin.set(X_FORWARDED_PROTO, proto);
            if (host != null) {
                origin.set(X_FORWARDED_HOST, host);
            } else {
                origin.remove(X_FORWARDED_HOST);
            }
        }
    }
}

package dev.bliss.challenge;

import dev.bliss.challenge.internal.Hash64;
import dev.bliss.plugin.IpAddress;

/**
 * Who a nonce or a clearance was issued to: the client's IP prefix, a hash of its user agent, and
 * a hash of its TLS fingerprint (JA4) when the connection is TLS. A token presented by a client
 * whose binding differs is refused, and says which part differed.
 *
 * <pre>
 *   prefix    IPv4: the /24, as (0xFFFF &lt;&lt; 32 | a.b.c.0); IPv6: the /48 of the high half, with bit 0 set
 *             (bit 0 is zero in every IPv4 key, so the families never collide)
 *   userAgent Hash64 of the User-Agent header; 0 when there is none
 *   ja4       Hash64 of the JA4 fingerprint; 0 on plain HTTP or when it was not captured
 * </pre>
 *
 * A /24 and a /48 rather than the address: a browser behind carrier NAT or a privacy relay
 * changes its address within a network often, and the challenge should not be asked again for it.
 *
 * <p>Mutable and reused: one per event loop, re-bound per request. Not thread-safe; allocates nothing.
 */
public final class ClientBinding {

    private static final long IPV4_PREFIX_MASK = 0xFFFF_FFFF_FFFF_FF00L;
    private static final long IPV6_PREFIX_MASK = 0xFFFF_FFFF_FFFF_0000L;

    private long prefix;
    private long userAgent;
    private long ja4;

    /** Binds to a client; {@code userAgent} and {@code ja4} may be null ({@code client} too: prefix 0). */
    public ClientBinding bind(IpAddress client, CharSequence userAgent, CharSequence ja4) {
        this.prefix = client == null ? 0 : prefixOf(client);
        this.userAgent = userAgent == null ? 0 : Hash64.of(userAgent);
        this.ja4 = ja4 == null || ja4.isEmpty() ? 0 : Hash64.of(ja4);
        return this;
    }

    public ClientBinding set(long prefix, long userAgent, long ja4) {
        this.prefix = prefix;
        this.userAgent = userAgent;
        this.ja4 = ja4;
        return this;
    }

    public long prefix() {
        return prefix;
    }

    public long userAgent() {
        return userAgent;
    }

    public long ja4() {
        return ja4;
    }

    /** The prefix key of an address (see the class comment). */
    public static long prefixOf(IpAddress address) {
        if (address.isIpv4()) {
            return address.low() & IPV4_PREFIX_MASK;
        }
        return address.high() & IPV6_PREFIX_MASK | 1;
    }

    @Override
    public String toString() {
        return String.format("prefix=%016x ua=%016x ja4=%016x", prefix, userAgent, ja4);
    }
}

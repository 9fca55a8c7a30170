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
 *   ja4       Hash64 of the JA4 fingerprint's stable part (below); 0 on plain HTTP or when it was not captured
 * </pre>
 *
 * <p><b>The JA4's stable part.</b> A browser resumes its TLS session on a new connection, and the
 * resumed ClientHello carries pre_shared_key (and may carry early_data): the JA4's extension count
 * (characters 6–7) and its extension hash (part c) change, the rest does not. Bound to the whole
 * JA4, a clearance would fail on the next connection and the visitor would be challenged again
 * (measured: the JDK client's second connection, {@code ChallengeOverTlsTest}). So the binding
 * takes the protocol, TLS version, SNI kind, cipher count and ALPN of part a, and the cipher hash
 * of part b: {@code t13d15..h2_8daaf6152771}. A JA4 in another shape (a balancer's header) is
 * hashed whole.
 *
 * A /24 and a /48 rather than the address: a browser behind carrier NAT or a privacy relay
 * changes its address within a network often, and the challenge should not be asked again for it.
 *
 * <p>Mutable and reused: one per event loop, re-bound per request. Not thread-safe; allocates nothing.
 */
public final class ClientBinding {

    private static final long IPV4_PREFIX_MASK = 0xFFFF_FFFF_FFFF_FF00L;
    private static final long IPV6_PREFIX_MASK = 0xFFFF_FFFF_FFFF_0000L;
    /** JA4 is a_b_c: a 10 characters, b and c 12 each. */
    private static final int JA4_LENGTH = 36;
    private static final int A_END = 10;
    private static final int B_END = 23;
    private static final int EXTENSION_COUNT_START = 6;
    private static final int EXTENSION_COUNT_END = 8;

    /** Remembered user agents: a direct-mapped table of texts and their hashes (see {@link #userAgentKey}). */
    private static final int SEEN = 64;

    private final String[] seenUserAgents = new String[SEEN];
    private final long[] seenKeys = new long[SEEN];
    private long prefix;
    private long userAgent;
    private long ja4;

    /** Binds to a client; {@code userAgent} and {@code ja4} may be null ({@code client} too: prefix 0). */
    public ClientBinding bind(IpAddress client, CharSequence userAgent, CharSequence ja4) {
        this.prefix = client == null ? 0 : prefixOf(client);
        this.userAgent = userAgent == null ? 0 : userAgentKey(userAgent);
        this.ja4 = ja4 == null || ja4.isEmpty() ? 0 : ja4Key(ja4);
        return this;
    }

    /**
     * {@link Hash64} of a user agent, remembered for the last few texts: a browser sends the same
     * one with every request, and {@code String.hashCode} and {@code String.equals} (both
     * vectorised) cost a fraction of hashing its ~130 characters again. Exact: a remembered key is
     * used only for an equal text. Only Strings are remembered (another sequence could change).
     */
    private long userAgentKey(CharSequence userAgent) {
        if (!(userAgent instanceof String text)) {
            return Hash64.of(userAgent);
        }
        int h = text.hashCode();
        int slot = (h ^ h >>> 16) & (SEEN - 1);
        if (text.equals(seenUserAgents[slot])) {
            return seenKeys[slot];
        }
        long key = Hash64.of(text);
        seenUserAgents[slot] = text;
        seenKeys[slot] = key;
        return key;
    }

    /** The key of a JA4: its part a without the extension count, and part b (see the class comment). */
    public static long ja4Key(CharSequence ja4) {
        if (ja4.length() != JA4_LENGTH || ja4.charAt(A_END) != '_' || ja4.charAt(B_END) != '_') {
            return Hash64.of(ja4);
        }
        return Hash64.of(ja4, EXTENSION_COUNT_END, B_END, Hash64.of(ja4, 0, EXTENSION_COUNT_START, 0));
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

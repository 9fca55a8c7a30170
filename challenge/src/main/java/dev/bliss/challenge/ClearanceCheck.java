package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.challenge.internal.CookieScanner;
import dev.bliss.challenge.internal.HmacSha256;
import dev.bliss.challenge.internal.TokenLayout;
import dev.bliss.plugin.RequestView;

/**
 * The per-request check of a clearance cookie: is it one the ring signed, is it within its TTL,
 * and was it issued to this client ({@link ClientBinding})?
 *
 * <pre>
 *  Cookie headers ─► value of the configured cookie (no String) ─► base64url into scratch
 *     ─► kind, length ─► seen-token cache hit?  ── yes ──┐
 *                          │ no                          │
 *                          ▼                             │
 *              HMAC under current key, else previous     │
 *              (constant-time compare; insert on match)  │
 *                          ▼                             ▼
 *                 issued + ttl vs now ─► prefix, user agent, JA4 vs this client ─► VALID
 * </pre>
 *
 * <p><b>The seen-token cache.</b> A browser sends the same cookie with every request, and an HMAC
 * is four SHA-256 blocks. So each check keeps the last 64 tokens whose MAC it verified, direct
 * mapped by a MAC byte; a token that equals a cached one byte for byte (all 70 bytes, compared in
 * constant time) is the same signed token, and its MAC is not computed again. Expiry and binding
 * are checked on every request either way. A forger can evict entries (each miss costs one
 * HMAC), never add one: only tokens whose MAC verified are inserted. The cache belongs to one
 * ring of keys, as the check does.
 *
 * <p><b>Thread:</b> one instance per event loop; not thread-safe. <b>Allocation:</b> none after
 * construction (asserted by {@code ClearanceCheckAllocationTest}).
 */
public final class ClearanceCheck {

    /** How far in the future an issue time may be before it is refused: clocks of nodes differ. */
    public static final long CLOCK_SKEW_SECONDS = 60;

    private static final int CACHE_ENTRIES = 64;
    private static final int LENGTH = TokenLayout.CLEARANCE_LENGTH;

    private final HmacSha256 current;
    private final HmacSha256 previous;
    private final byte[] token = new byte[LENGTH + 3];
    private final byte[] expected = new byte[HmacSha256.LENGTH];
    private final byte[] cache = new byte[CACHE_ENTRIES * LENGTH];
    private final boolean[] cached = new boolean[CACHE_ENTRIES];
    private long issuedSeconds;
    private int checks;

    public ClearanceCheck(KeyRing keys) {
        this.current = new HmacSha256(keys.current());
        byte[] p = keys.previous();
        this.previous = p == null ? null : new HmacSha256(p);
    }

    /**
     * Checks the clearance cookie {@code cookieName} of a request, across all its Cookie headers
     * (HTTP/2 clients send one per cookie). Only when a cookie is found is {@code client} bound to
     * the request (client address, User-Agent, JA4), so a request without one costs a scan of
     * its header names and no hashing.
     */
    public ClearanceStatus check(RequestView request, CharSequence cookieName, ClientBinding client, long nowSeconds) {
        int n = request.headerCount();
        for (int i = 0; i < n; i++) {
            if (!isCookieHeader(request.headerName(i))) {
                continue;
            }
            CharSequence header = request.headerValue(i);
            long found = CookieScanner.find(header, cookieName);
            if (found != CookieScanner.ABSENT) {
                client.bind(request.clientAddress(), request.header("user-agent"), request.ja4());
                return check(header, CookieScanner.from(found), CookieScanner.to(found), client, nowSeconds);
            }
        }
        return ClearanceStatus.MISSING;
    }

    /** Checks the cookie value {@code text[from, to)}. */
    public ClearanceStatus check(CharSequence text, int from, int to, ClientBinding client, long nowSeconds) {
        if (to - from != Base64Url.encodedLength(LENGTH) || Base64Url.decode(text, from, to, token) != LENGTH
                || token[TokenLayout.KIND_OFFSET] != TokenLayout.CLEARANCE_KIND) {
            return ClearanceStatus.TAMPERED;
        }
        int slot = token[TokenLayout.CLEARANCE_MAC_OFFSET] & (CACHE_ENTRIES - 1);
        if (!(cached[slot] && HmacSha256.equalInConstantTime(cache, slot * LENGTH, token, 0, LENGTH))) {
            if (!signedBy(current) && (previous == null || !signedBy(previous))) {
                return ClearanceStatus.TAMPERED;
            }
            System.arraycopy(token, 0, cache, slot * LENGTH, LENGTH);
            cached[slot] = true;
        }
        long issued = TokenLayout.getLong(token, TokenLayout.ISSUED_OFFSET);
        long ttl = TokenLayout.getInt(token, TokenLayout.CLEARANCE_TTL_OFFSET) & 0xFFFF_FFFFL;
        if (nowSeconds >= issued + ttl || issued > nowSeconds + CLOCK_SKEW_SECONDS) {
            return ClearanceStatus.EXPIRED;
        }
        int b = TokenLayout.CLEARANCE_BINDING_OFFSET;
        if (TokenLayout.getLong(token, b + TokenLayout.BINDING_PREFIX) != client.prefix()) {
            return ClearanceStatus.OTHER_PREFIX;
        }
        if (TokenLayout.getLong(token, b + TokenLayout.BINDING_USER_AGENT) != client.userAgent()) {
            return ClearanceStatus.OTHER_USER_AGENT;
        }
        if (TokenLayout.getLong(token, b + TokenLayout.BINDING_JA4) != client.ja4()) {
            return ClearanceStatus.OTHER_JA4;
        }
        issuedSeconds = issued;
        checks = token[TokenLayout.CLEARANCE_CHECKS_OFFSET] & EnvironmentCheck.ALL;
        return ClearanceStatus.VALID;
    }

    /** The issue time (epoch seconds) of the last clearance found {@link ClearanceStatus#VALID}. */
    public long issuedSeconds() {
        return issuedSeconds;
    }

    /** The {@link EnvironmentCheck} bits of the last clearance found {@link ClearanceStatus#VALID}. */
    public int checks() {
        return checks;
    }

    private boolean signedBy(HmacSha256 mac) {
        mac.begin().update(token, 0, TokenLayout.CLEARANCE_MAC_OFFSET).finish(expected, 0);
        return HmacSha256.equalInConstantTime(expected, 0, token, TokenLayout.CLEARANCE_MAC_OFFSET, HmacSha256.LENGTH);
    }

    private static boolean isCookieHeader(CharSequence name) {
        return name.length() == 6
                && (name.charAt(0) | 0x20) == 'c' && (name.charAt(1) | 0x20) == 'o' && (name.charAt(2) | 0x20) == 'o'
                && (name.charAt(3) | 0x20) == 'k' && (name.charAt(4) | 0x20) == 'i' && (name.charAt(5) | 0x20) == 'e';
    }
}

package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.challenge.internal.CookieScanner;
import dev.bliss.challenge.internal.HmacSha256;
import dev.bliss.challenge.internal.TokenLayout;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.RequestView;

/**
 * The per-request check of a clearance cookie: is it one the ring signed, is it within its TTL,
 * and was it issued to this client ({@link ClientBinding})?
 *
 * <pre>
 *  Cookie headers ─► value of the configured cookie (no String) ─► length
 *     ─► seen-token cache: the same 94 characters as a verified token? ── yes ─────────┐
 *                          │ no                                                      │
 *                          ▼                                                         │
 *              base64url into scratch ─► kind ─► HMAC under current key, else        │
 *              previous (constant-time compare) ─► insert text and fields on match   │
 *                          ▼                                                         ▼
 *                 issued + ttl vs now ─► prefix, user agent, JA4 vs this client ─► VALID
 * </pre>
 *
 * <p><b>The seen-token cache.</b> A browser sends the same cookie with every request, and an HMAC
 * is four SHA-256 blocks. So each check keeps the last 64 tokens whose MAC it verified, direct
 * mapped by a character of the MAC's text, as their text and their decoded fields; a cookie
 * value equal to a cached one character for character (all 94, compared in constant time) is the
 * same signed token, so it is neither decoded nor MACed again. Expiry and binding are checked on
 * every request either way. A forger can evict entries (each miss costs a decode and an HMAC),
 * never add one: only tokens whose MAC verified are inserted, and base64url decoding is
 * canonical (one token, one spelling), so a text equal to a verified one is that token. The cache
 * belongs to one ring of keys, as the check does.
 *
 * <p><b>Thread:</b> one instance per event loop; not thread-safe. <b>Allocation:</b> none after
 * construction (asserted by {@code ClearanceCheckAllocationTest}).
 */
public final class ClearanceCheck {

    private static final HeaderName COOKIE = HeaderName.of("cookie");
    private static final HeaderName USER_AGENT_HEADER = HeaderName.of("user-agent");

    /** How far in the future an issue time may be before it is refused: clocks of nodes differ. */
    public static final long CLOCK_SKEW_SECONDS = 60;

    private static final int CACHE_ENTRIES = 64;
    private static final int LENGTH = TokenLayout.CLEARANCE_LENGTH;
    private static final int TEXT_LENGTH = Base64Url.encodedLength(LENGTH);
    /** The character that picks a token's slot: the last whole group's, inside the MAC. */
    private static final int SLOT_CHAR = TEXT_LENGTH - 3;

    /** A cached token's fields, {@link #FIELDS} longs per slot. */
    private static final int ISSUED = 0;
    private static final int EXPIRES = 1;
    private static final int PREFIX = 2;
    private static final int USER_AGENT = 3;
    private static final int JA4 = 4;
    private static final int CHECKS = 5;
    private static final int FIELDS = 6;

    private final HmacSha256 current;
    private final HmacSha256 previous;
    private final byte[] token = new byte[LENGTH + 3];
    private final byte[] expected = new byte[HmacSha256.LENGTH];
    private final char[] cachedText = new char[CACHE_ENTRIES * TEXT_LENGTH];
    private final long[] cachedFields = new long[CACHE_ENTRIES * FIELDS];
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
        CharSequence first = request.header(COOKIE);
        if (first == null) {
            // most requests: one lookup, where walking the headers by index would make the view
            // list them all (NettyRequestView captures its headers on the first indexed call)
            return ClearanceStatus.MISSING;
        }
        long found = CookieScanner.find(first, cookieName);
        if (found != CookieScanner.ABSENT) {
            // an HTTP/1.1 browser's one Cookie header: found without walking the headers either
            return check(request, first, found, client, nowSeconds);
        }
        // HTTP/2 clients send one Cookie header per cookie: look in the others
        int n = request.headerCount();
        for (int i = 0; i < n; i++) {
            if (!isCookieHeader(request.headerName(i))) {
                continue;
            }
            CharSequence header = request.headerValue(i);
            found = CookieScanner.find(header, cookieName);
            if (found != CookieScanner.ABSENT) {
                return check(request, header, found, client, nowSeconds);
            }
        }
        return ClearanceStatus.MISSING;
    }

    private ClearanceStatus check(RequestView request, CharSequence header, long found, ClientBinding client, long nowSeconds) {
        client.bind(request.clientAddress(), request.header(USER_AGENT_HEADER), request.ja4());
        return check(header, CookieScanner.from(found), CookieScanner.to(found), client, nowSeconds);
    }

    /** Checks the cookie value {@code text[from, to)}. */
    public ClearanceStatus check(CharSequence text, int from, int to, ClientBinding client, long nowSeconds) {
        if (to - from != TEXT_LENGTH) {
            return ClearanceStatus.TAMPERED;
        }
        int slot = Base64Url.valueOf(text.charAt(from + SLOT_CHAR)) & (CACHE_ENTRIES - 1);
        if (!(cached[slot] && sameText(slot, text, from)) && !verifyAndCache(slot, text, from, to)) {
            return ClearanceStatus.TAMPERED;
        }
        long[] f = cachedFields;
        int at = slot * FIELDS;
        long issued = f[at + ISSUED];
        if (nowSeconds >= f[at + EXPIRES] || issued > nowSeconds + CLOCK_SKEW_SECONDS) {
            return ClearanceStatus.EXPIRED;
        }
        if (f[at + PREFIX] != client.prefix()) {
            return ClearanceStatus.OTHER_PREFIX;
        }
        if (f[at + USER_AGENT] != client.userAgent()) {
            return ClearanceStatus.OTHER_USER_AGENT;
        }
        if (f[at + JA4] != client.ja4()) {
            return ClearanceStatus.OTHER_JA4;
        }
        issuedSeconds = issued;
        checks = (int) f[at + CHECKS];
        return ClearanceStatus.VALID;
    }

    /** Whether {@code text} from {@code from} equals the slot's token text, in time independent of where they differ. */
    private boolean sameText(int slot, CharSequence text, int from) {
        char[] c = cachedText;
        int base = slot * TEXT_LENGTH;
        int diff = 0;
        for (int i = 0; i < TEXT_LENGTH; i++) {
            diff |= c[base + i] ^ text.charAt(from + i);
        }
        return diff == 0;
    }

    /** Decodes and MACs a token not in the cache; when it is genuine, it takes {@code slot}. */
    private boolean verifyAndCache(int slot, CharSequence text, int from, int to) {
        if (Base64Url.decode(text, from, to, token) != LENGTH || token[TokenLayout.KIND_OFFSET] != TokenLayout.CLEARANCE_KIND
                || !signedBy(current) && (previous == null || !signedBy(previous))) {
            return false;
        }
        for (int i = 0; i < TEXT_LENGTH; i++) {
            cachedText[slot * TEXT_LENGTH + i] = text.charAt(from + i);
        }
        long[] f = cachedFields;
        int at = slot * FIELDS;
        int b = TokenLayout.CLEARANCE_BINDING_OFFSET;
        long issued = TokenLayout.getLong(token, TokenLayout.ISSUED_OFFSET);
        f[at + ISSUED] = issued;
        f[at + EXPIRES] = issued + (TokenLayout.getInt(token, TokenLayout.CLEARANCE_TTL_OFFSET) & 0xFFFF_FFFFL);
        f[at + PREFIX] = TokenLayout.getLong(token, b + TokenLayout.BINDING_PREFIX);
        f[at + USER_AGENT] = TokenLayout.getLong(token, b + TokenLayout.BINDING_USER_AGENT);
        f[at + JA4] = TokenLayout.getLong(token, b + TokenLayout.BINDING_JA4);
        f[at + CHECKS] = token[TokenLayout.CLEARANCE_CHECKS_OFFSET] & EnvironmentCheck.ALL;
        cached[slot] = true;
        return true;
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

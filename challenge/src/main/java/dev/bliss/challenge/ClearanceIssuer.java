package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.challenge.internal.HmacSha256;
import dev.bliss.challenge.internal.TokenLayout;

/**
 * Signs clearances with the ring's current key (layout in {@link TokenLayout}). Called once per
 * solved challenge, so it may allocate (the returned String).
 *
 * <p><b>Thread:</b> one instance per thread (it owns a digest); not thread-safe.
 */
public final class ClearanceIssuer {

    private final HmacSha256 mac;
    private final byte[] token = new byte[TokenLayout.CLEARANCE_LENGTH];

    public ClearanceIssuer(KeyRing keys) {
        this.mac = new HmacSha256(keys.current());
    }

    /**
     * The cookie value of a clearance for {@code client}, issued at {@code nowSeconds} (epoch),
     * valid for {@code ttlSeconds}, recording the {@link EnvironmentCheck} bits that passed.
     */
    public String issue(ClientBinding client, long nowSeconds, int ttlSeconds, int passedChecks) {
        token[TokenLayout.KIND_OFFSET] = TokenLayout.CLEARANCE_KIND;
        TokenLayout.putLong(token, TokenLayout.ISSUED_OFFSET, nowSeconds);
        TokenLayout.putInt(token, TokenLayout.CLEARANCE_TTL_OFFSET, ttlSeconds);
        token[TokenLayout.CLEARANCE_CHECKS_OFFSET] = (byte) (passedChecks & EnvironmentCheck.ALL);
        int b = TokenLayout.CLEARANCE_BINDING_OFFSET;
        TokenLayout.putLong(token, b + TokenLayout.BINDING_PREFIX, client.prefix());
        TokenLayout.putLong(token, b + TokenLayout.BINDING_USER_AGENT, client.userAgent());
        TokenLayout.putLong(token, b + TokenLayout.BINDING_JA4, client.ja4());
        mac.begin().update(token, 0, TokenLayout.CLEARANCE_MAC_OFFSET).finish(token, TokenLayout.CLEARANCE_MAC_OFFSET);
        return Base64Url.encode(token, 0, TokenLayout.CLEARANCE_LENGTH);
    }
}

package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.challenge.internal.Hash64;
import dev.bliss.challenge.internal.HmacSha256;
import dev.bliss.challenge.internal.TokenLayout;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Makes the nonce a challenge page carries: an HMAC over the client's binding, the rule, the issue
 * time and the difficulty (layout in {@link TokenLayout}). Nothing is stored: whichever event loop
 * or node receives the solution verifies it with the same key ({@link SolutionCheck}).
 *
 * <p><b>Thread:</b> one instance per thread; not thread-safe. Allocates the returned String.
 */
public final class NonceIssuer {

    private final HmacSha256 mac;
    private final byte[] token = new byte[TokenLayout.NONCE_LENGTH];

    public NonceIssuer(KeyRing keys) {
        this.mac = new HmacSha256(keys.current());
    }

    public String issue(ClientBinding client, CharSequence ruleId, int difficulty, long nowSeconds) {
        if (difficulty < 0 || difficulty > ProofOfWork.MAX_DIFFICULTY) {
            throw new IllegalArgumentException("difficulty must be 0 to " + ProofOfWork.MAX_DIFFICULTY + ", got " + difficulty);
        }
        token[TokenLayout.KIND_OFFSET] = TokenLayout.NONCE_KIND;
        TokenLayout.putLong(token, TokenLayout.ISSUED_OFFSET, nowSeconds);
        token[TokenLayout.NONCE_DIFFICULTY_OFFSET] = (byte) difficulty;
        TokenLayout.putLong(token, TokenLayout.NONCE_SALT_OFFSET, ThreadLocalRandom.current().nextLong());
        TokenLayout.putLong(token, TokenLayout.NONCE_RULE_OFFSET, Hash64.of(ruleId));
        int b = TokenLayout.NONCE_BINDING_OFFSET;
        TokenLayout.putLong(token, b + TokenLayout.BINDING_PREFIX, client.prefix());
        TokenLayout.putLong(token, b + TokenLayout.BINDING_USER_AGENT, client.userAgent());
        TokenLayout.putLong(token, b + TokenLayout.BINDING_JA4, client.ja4());
        mac.begin().update(token, 0, TokenLayout.NONCE_MAC_OFFSET).finish(token, TokenLayout.NONCE_MAC_OFFSET);
        return Base64Url.encode(token, 0, TokenLayout.NONCE_LENGTH);
    }
}

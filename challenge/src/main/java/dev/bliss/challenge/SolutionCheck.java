package dev.bliss.challenge;

import dev.bliss.challenge.internal.Base64Url;
import dev.bliss.challenge.internal.Hash64;
import dev.bliss.challenge.internal.HmacSha256;
import dev.bliss.challenge.internal.TokenLayout;

/**
 * Verifies a submitted solution: the nonce is one the ring signed, for the rule it names, recent
 * enough, issued to this client; the proof of work holds at the nonce's difficulty; and the
 * required {@link EnvironmentCheck}s passed. One HMAC and one SHA-256 per solution.
 *
 * <p>A solution can be submitted again by the client it was issued to, while the nonce is fresh,
 * and earns the same clearance again: that buys nothing, and refusing it would need state shared
 * by every node. From another client it is {@link SolutionStatus#REPLAYED}.
 *
 * <p><b>Thread:</b> one instance per thread; not thread-safe. Allocates nothing itself.
 */
public final class SolutionCheck {

    private final HmacSha256 current;
    private final HmacSha256 previous;
    private final ProofOfWork work = new ProofOfWork();
    private final long solveWithinSeconds;
    private final byte[] token = new byte[TokenLayout.NONCE_LENGTH + 3];
    private final byte[] expected = new byte[HmacSha256.LENGTH];
    private int passedChecks;

    /** @param solveWithinSeconds how long after issue a nonce may be solved */
    public SolutionCheck(KeyRing keys, long solveWithinSeconds) {
        this.current = new HmacSha256(keys.current());
        byte[] p = keys.previous();
        this.previous = p == null ? null : new HmacSha256(p);
        this.solveWithinSeconds = solveWithinSeconds;
    }

    /**
     * @param reportedChecks    the {@link EnvironmentCheck} bits the page reported as passed
     * @param reportedUserAgent navigator.userAgent as the page saw it (null if not sent)
     * @param requiredChecks    the bits configuration requires
     */
    public SolutionStatus verify(ClientBinding client, CharSequence nonce, CharSequence counter, CharSequence ruleId,
                                 int reportedChecks, CharSequence reportedUserAgent, int requiredChecks, long nowSeconds) {
        passedChecks = 0;
        if (nonce == null || counter == null || ruleId == null
                || nonce.length() != Base64Url.encodedLength(TokenLayout.NONCE_LENGTH)
                || Base64Url.decode(nonce, 0, nonce.length(), token) != TokenLayout.NONCE_LENGTH
                || token[TokenLayout.KIND_OFFSET] != TokenLayout.NONCE_KIND) {
            return SolutionStatus.TAMPERED;
        }
        if (!signedBy(current) && (previous == null || !signedBy(previous))) {
            return SolutionStatus.TAMPERED;
        }
        if (TokenLayout.getLong(token, TokenLayout.NONCE_RULE_OFFSET) != Hash64.of(ruleId)) {
            return SolutionStatus.TAMPERED;
        }
        long issued = TokenLayout.getLong(token, TokenLayout.ISSUED_OFFSET);
        if (nowSeconds > issued + solveWithinSeconds || issued > nowSeconds + ClearanceCheck.CLOCK_SKEW_SECONDS) {
            return SolutionStatus.STALE;
        }
        int b = TokenLayout.NONCE_BINDING_OFFSET;
        if (TokenLayout.getLong(token, b + TokenLayout.BINDING_PREFIX) != client.prefix()
                || TokenLayout.getLong(token, b + TokenLayout.BINDING_USER_AGENT) != client.userAgent()
                || TokenLayout.getLong(token, b + TokenLayout.BINDING_JA4) != client.ja4()) {
            return SolutionStatus.REPLAYED;
        }
        if (!work.solves(nonce, counter, token[TokenLayout.NONCE_DIFFICULTY_OFFSET])) {
            return SolutionStatus.WRONG_WORK;
        }
        int passed = reportedChecks & EnvironmentCheck.ALL;
        // the one check the proxy can see for itself: did the script see the user agent the request sent?
        if (reportedUserAgent == null || client.userAgent() == 0 || Hash64.of(reportedUserAgent) != client.userAgent()) {
            passed &= ~EnvironmentCheck.CONSISTENCY.bit();
        }
        passedChecks = passed;
        return EnvironmentCheck.allPassed(passed, requiredChecks) ? SolutionStatus.SOLVED : SolutionStatus.CHECKS_FAILED;
    }

    /** The checks that passed in the last verification that got as far as the checks. */
    public int passedChecks() {
        return passedChecks;
    }

    private boolean signedBy(HmacSha256 mac) {
        mac.begin().update(token, 0, TokenLayout.NONCE_MAC_OFFSET).finish(expected, 0);
        return HmacSha256.equalInConstantTime(expected, 0, token, TokenLayout.NONCE_MAC_OFFSET, HmacSha256.LENGTH);
    }
}

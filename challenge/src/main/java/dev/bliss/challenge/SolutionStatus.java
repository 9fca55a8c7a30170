package dev.bliss.challenge;

import dev.bliss.plugin.ChallengeOutcome;

/** What a submitted challenge solution turned out to be (see {@link SolutionCheck}). */
public enum SolutionStatus {
    /** The proof of work holds and the required environment checks passed: issue a clearance. */
    SOLVED,
    /** Not a nonce this ring signed, or not for the rule it names; or no solution at all. */
    TAMPERED,
    /** A genuine nonce, older than the time allowed to solve it (or from the future). */
    STALE,
    /** A genuine nonce issued to another client (IP prefix, user agent or JA4). */
    REPLAYED,
    /** The hash of nonce and counter does not have the nonce's leading zero bits. */
    WRONG_WORK,
    /** The work is right, but an environment check that configuration requires failed. */
    CHECKS_FAILED;

    /** The outcome this counts as: solved, replayed, or failed. */
    public ChallengeOutcome outcome() {
        return switch (this) {
            case SOLVED -> ChallengeOutcome.SOLVED;
            case REPLAYED -> ChallengeOutcome.REPLAYED;
            default -> ChallengeOutcome.FAILED;
        };
    }
}

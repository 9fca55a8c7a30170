package dev.bliss.challenge;

import java.util.Locale;

/**
 * What happened to a challenge, counted per rule: the label operators get for free (a browser
 * solves, a script does not).
 *
 * <pre>
 *   issued    a challenge rule matched a request without a valid clearance and the page (or short 403) was sent
 *   solved    a solution verified and a clearance was set
 *   failed    a solution was refused: tampered, stale, wrong proof of work, or a required check failed
 *   replayed  a genuine nonce or clearance came from a client it was not issued to
 * </pre>
 */
public enum ChallengeOutcome {
    ISSUED,
    SOLVED,
    FAILED,
    REPLAYED;

    /** The metric label value. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

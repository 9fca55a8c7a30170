package dev.bliss.plugin;

import java.util.Locale;

/**
 * What the browser challenge did with a request, as the log phase sees it
 * ({@link Completion#challenge()}): the one label operators get for free, since a browser solves
 * the challenge and a script does not.
 *
 * <pre>
 *   NONE      no challenge was involved
 *   ISSUED    a challenge rule matched a request without a valid clearance: the page (or the short 403) was sent
 *   CLEARED   a challenge rule matched, and the request's valid clearance let it go on
 *   SOLVED    a submitted solution verified and a clearance was set (a request to the reserved path)
 *   FAILED    a submitted solution was refused: tampered, stale, wrong proof of work, a required check failed
 *   REPLAYED  a submitted solution's nonce was genuine but issued to another client
 * </pre>
 */
public enum ChallengeOutcome {
    NONE,
    ISSUED,
    CLEARED,
    SOLVED,
    FAILED,
    REPLAYED;

    private final String text = name().toLowerCase(Locale.ROOT);

    /** The outcome's name as metrics and the detection log spell it. */
    public String text() {
        return text;
    }

    /**
     * Whether the outcome labels its request: solved (a browser did the work) or failed (the
     * solution was refused). The detection log keeps these whatever its sample rate, and
     * {@code bliss train --labels challenge} learns from them; the others say nothing certain
     * about the request they are on.
     */
    public boolean isLabel() {
        return this == SOLVED || this == FAILED;
    }
}

package dev.bliss.plugin;

/**
 * How one request ended, as {@link Detector#onComplete} sees it: the status sent and what the
 * firewall decided.
 *
 * <p><b>Ownership:</b> the proxy's, one instance per pooled request and refilled for each one, so
 * it and every {@link CharSequence} it returns are valid only during the {@code onComplete} call:
 * read, never retain. No method allocates.
 *
 * <p><b>Thread:</b> the request's event loop only.
 */
public interface Completion {

    /** The status sent to the client, or 0 when the connection failed before a response was sent. */
    int status();

    /**
     * The id of the rule that decided the request (its terminating action: block, challenge,
     * allow, skip), else of the first {@code log} rule that matched, else {@code null}.
     */
    CharSequence ruleId();

    /** The action of {@link #ruleId()}'s rule; {@link FirewallAction#NONE} when no rule matched. */
    FirewallAction action();

    /**
     * Why the proxy answered the request itself ({@code blocked}, {@code challenged},
     * {@code no_route}, {@code origin_timeout}, …), or {@code null} when the origin answered.
     */
    CharSequence localReason();

    /** Nanoseconds from the request's arrival to the end of the exchange. */
    long durationNanos();

    /**
     * What the browser challenge did with the request; {@link ChallengeOutcome#NONE} when it was
     * not involved (and always, for a host without a browser challenge).
     */
    default ChallengeOutcome challenge() {
        return ChallengeOutcome.NONE;
    }

    /**
     * How many {@code Set-Cookie} headers the origin's response carried; 0 for the proxy's own
     * answers and when no origin answered. A detector that follows sessions learns here which
     * cookie the site gave to which client.
     */
    default int setCookieCount() {
        return 0;
    }

    /**
     * The origin's {@code index}-th {@code Set-Cookie} value (0 to {@link #setCookieCount()} − 1), in
     * the order the origin sent them. Valid only during {@link Detector#onComplete}.
     */
    default CharSequence setCookie(int index) {
        throw new IndexOutOfBoundsException(index);
    }
}

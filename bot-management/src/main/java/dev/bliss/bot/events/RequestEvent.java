package dev.bliss.bot.events;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.ScoreSource;
import dev.bliss.store.events.RequestEventLayout;

/**
 * What the feature service learns from one finished request: the dimension keys and the
 * attributes its aggregations need. A mutable holder, refilled per request by the detector and
 * handed to a {@link RequestEventSink}, which copies what it keeps: no allocation per request.
 */
public final class RequestEvent {

    /** Epoch milliseconds when the request arrived. */
    public long timestampMillis;
    /** The dimension keys in schema order; {@link #hasKey} says which are present. */
    public final long[] keys;
    public final boolean[] hasKey;
    public int status;
    public long userAgentHash;
    public long pathHash;
    /** The hash of the path with its last number taken out ({@code PathTemplate.templateHash}). */
    public long templateHash;
    /** The path's last number ({@code PathTemplate.number}), or {@code RequestEventLayout.NO_PAGE_NUMBER}. */
    public long pageNumber = RequestEventLayout.NO_PAGE_NUMBER;
    /** 0 GET, 1 HEAD, 2 POST, 3 other. */
    public int method;
    /** 10, 11 or 20. */
    public int httpVersion;
    public boolean hasCookie;
    public boolean staticResource;
    public boolean heuristicMatch;
    public boolean browserLikeUserAgent;
    public boolean tls;
    /** A consistency check disagreed (the user agent's claim against the request's behaviour). */
    public boolean inconsistent;
    /** What the browser challenge did: {@code RequestEventLayout.CHALLENGE_*} ({@link #challengeCode}). */
    public int challenge;
    /**
     * The decision, kept from inspect for the log phase's report to the host's
     * {@link dev.bliss.plugin.ScoreTally}; the events ring does not carry it.
     */
    public ScoreSource scoreSource = ScoreSource.NOT_COMPUTED;
    /** The score of {@link #scoreSource}: 1 to 99, 0 when not computed. */
    public int score;

    public RequestEvent(int dimensions) {
        keys = new long[dimensions];
        hasKey = new boolean[dimensions];
    }

    /** The events ring's code of a challenge outcome. */
    public static int challengeCode(ChallengeOutcome outcome) {
        return switch (outcome) {
            case NONE -> RequestEventLayout.CHALLENGE_NONE;
            case ISSUED -> RequestEventLayout.CHALLENGE_ISSUED;
            case CLEARED -> RequestEventLayout.CHALLENGE_CLEARED;
            case SOLVED -> RequestEventLayout.CHALLENGE_SOLVED;
            case FAILED -> RequestEventLayout.CHALLENGE_FAILED;
            case REPLAYED -> RequestEventLayout.CHALLENGE_REPLAYED;
        };
    }
}

package dev.bliss.bot.events;

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

    public RequestEvent(int dimensions) {
        keys = new long[dimensions];
        hasKey = new boolean[dimensions];
    }
}

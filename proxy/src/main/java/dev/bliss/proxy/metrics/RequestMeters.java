package dev.bliss.proxy.metrics;

import dev.bliss.proxy.routing.Route;
import dev.bliss.proxy.routing.UpstreamGroup;
import dev.bliss.proxy.stats.LatencyBuckets;

/**
 * One event loop's request counters: requests by route and status, their durations, origin
 * errors by upstream and kind, local answers by reason. Single-writer {@link LoopCounters} rows
 * that {@link RequestCounts} adds up when {@code /metrics} or {@code /stats} is read, so a request
 * costs a handful of plain stores here and no shared write.
 *
 * <pre>
 *   route row: [status 0..599] [duration bucket 0..{@value LatencyBuckets#COUNT}-1] [sum ns]
 *              [max ns, even minute] [max ns, odd minute] [minute of the last record]
 * </pre>
 *
 * Routes are found through an array by {@link Route#index()}, checked against the route object
 * the slot counts for (a reload may give an index to another route): a lookup by name happens
 * only the first time a loop sees a route object.
 *
 * <p>Its event loop only. <b>Allocation:</b> none per request after a route's first request.
 */
public final class RequestMeters {

    static final int STATUSES = 600;
    static final int BUCKETS = STATUSES;
    static final int SUM = BUCKETS + LatencyBuckets.COUNT;
    static final int MAX = SUM + 1;
    static final int MINUTE = MAX + 2;
    static final int WIDTH = MINUTE + 1;
    static final long MINUTE_NANOS = 60_000_000_000L;

    /** The kinds of {@code bliss_origin_errors_total}, in their counters' order. */
    static final String[] KINDS = {"connect", "timeout", "reset", "unavailable"};
    static final String NO_ROUTE = "none";

    private final LabelledCounters.Loop requests;
    private final LabelledCounters.Loop originErrors;
    private final LabelledCounters.Loop localResponses;
    private final LoopCounters clientConnections;
    // slot 0: no route; slot i + 1: the route of index i, and the route object it counts for
    private Route[] counting = new Route[1];
    private LoopCounters[] rows = new LoopCounters[1];

    RequestMeters(LabelledCounters.Loop requests, LabelledCounters.Loop originErrors, LabelledCounters.Loop localResponses,
                  LoopCounters clientConnections) {
        this.clientConnections = clientConnections;
        this.requests = requests;
        this.originErrors = originErrors;
        this.localResponses = localResponses;
    }

    /**
     * One answered request.
     *
     * @param route    its route, or {@code null} when none matched (or it was answered before routing)
     * @param nanos    head received → response ended
     * @param endNanos when it ended ({@link System#nanoTime()}), for the maximum's minute
     */
    public void request(Route route, int status, long nanos, long endNanos) {
        LoopCounters row = row(route);
        row.add(status >= 100 && status < STATUSES ? status : 0, 1);
        row.add(BUCKETS + LatencyBuckets.index(nanos), 1);
        row.add(SUM, nanos);
        long minute = Math.floorDiv(endNanos, MINUTE_NANOS);
        long last = row.get(MINUTE);
        if (minute != last) {
            // this minute's slot starts over; the other keeps the previous minute only if it was the last
            row.set(MAX + (int) (minute & 1), 0);
            if (minute != last + 1) {
                row.set(MAX + (int) ((minute + 1) & 1), 0);
            }
            row.set(MINUTE, minute);
        }
        row.max(MAX + (int) (minute & 1), nanos);
    }

    /** A failure talking to an upstream's origins; {@code kind} is one of {@link #KINDS}. */
    public void originError(UpstreamGroup group, String kind) {
        int k = 0;
        while (k < KINDS.length - 1 && !KINDS[k].equals(kind)) {
            k++;
        }
        originErrors.row(group == null ? "" : group.name()).add(k, 1);
    }

    /** A request the proxy answered itself, by reason ({@code blocked}, {@code no_route}, …). */
    public void localResponse(String reason) {
        localResponses.row(reason).add(0, 1);
    }

    /** The loop's open client connections (TCP: an HTTP/2 connection counts once, not per stream). */
    public void clientConnections(int open) {
        clientConnections.set(0, open);
    }

    private LoopCounters row(Route route) {
        int r = route == null ? 0 : route.index() + 1;
        if (r >= rows.length) {
            rows = java.util.Arrays.copyOf(rows, r + 1);
            counting = java.util.Arrays.copyOf(counting, r + 1);
        }
        LoopCounters row = rows[r];
        if (row == null || counting[r] != route) {
            row = rows[r] = requests.row(route == null ? NO_ROUTE : route.name());
            counting[r] = route;
        }
        return row;
    }
}

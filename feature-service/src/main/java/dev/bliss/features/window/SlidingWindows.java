package dev.bliss.features.window;

import dev.bliss.features.events.RequestEventHandler;
import dev.bliss.features.events.RequestEventRecord;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.KeySource;
import dev.bliss.store.schema.SchemaDimension;
import java.util.Map;

/**
 * The windows of every dimension of a schema: folds each request event into the windows of its
 * keys, and, a chunk at a time, evaluates every active key into a {@link FeatureFrame} while
 * evicting the keys idle past their longest window.
 *
 * <pre>
 *  event ─► batch of 32: predicates (4xx, 5xx, cookie, h2, static, heuristic, browser, challenge outcome), values
 *           (UA, path, client IP), the path's template and number, keys ─► per dimension: find all, touch all, update all
 *
 *  beginFrame(frame, now) ─► fillFrame(chunk) … fillFrame(chunk) == true ─► frame complete
 *                            (events are folded in between chunks: ingestion pauses for one chunk at most)
 * </pre>
 *
 * <p>A frame is evaluated while events keep arriving, so it is not one instant: a key seen for
 * the first time behind the walk's position appears in the next frame. Every vector is evaluated
 * at the frame's time.
 *
 * <p><b>Thread:</b> the aggregator thread only. <b>Allocation:</b> none in steady state.
 */
public final class SlidingWindows implements RequestEventHandler {

    /** Events applied together; their lookups' cache misses overlap. */
    static final int BATCH = 32;

    private final DimensionWindows[] dimensions;
    private final int clientIpDimension;
    private final long[][] keys;
    private final int[] presence = new int[BATCH];
    private final long[] timestamps = new long[BATCH];
    private final int[] ratioBits = new int[BATCH];
    private final long[] userAgents = new long[BATCH];
    private final long[] paths = new long[BATCH];
    private final long[] templates = new long[BATCH];
    private final long[] pageNumbers = new long[BATCH];
    private final int[] found = new int[BATCH];
    private int pending;
    /** Written so the record touches are not optimised away; never read. */
    @SuppressWarnings("unused")
    private int sink;
    private FeatureFrame frame;
    private long frameNow;
    private int walkDimension;
    private int walkRecord;
    private long evicted;
    private long latestEvent;

    /**
     * @param maxKeys by dimension name; a dimension not named gets 1,000,000
     * @throws IllegalArgumentException when a feature cannot be computed from request events (a
     *         distinct count of client addresses without a {@code client_ip} dimension, a window
     *         under one second, more dimensions than an event holds)
     */
    public SlidingWindows(FeatureSchema schema, Map<String, Long> maxKeys) {
        RequestEventLayout.checkKeyCount(schema.dimensions().size());
        int n = schema.dimensions().size();
        dimensions = new DimensionWindows[n];
        int ip = -1;
        for (int d = 0; d < n; d++) {
            if (schema.dimensions().get(d).source() == KeySource.CLIENT_IP && ip < 0) {
                ip = d;
            }
        }
        clientIpDimension = ip;
        keys = new long[n][BATCH];
        for (int d = 0; d < n; d++) {
            SchemaDimension dim = schema.dimensions().get(d);
            KeyStateLayout layout = KeyStateLayout.of(dim);
            if (layout.needsClientIp() && ip < 0) {
                throw new IllegalArgumentException("dimension " + dim.name()
                        + " counts distinct client addresses, which needs a dimension keyed by client_ip");
            }
            long max = Math.min(Integer.MAX_VALUE / 2, maxKeys.getOrDefault(dim.name(), 1_000_000L));
            dimensions[d] = new DimensionWindows(dim.name(), layout, (int) max);
        }
    }

    public int dimensionCount() {
        return dimensions.length;
    }

    public DimensionWindows dimension(int d) {
        return dimensions[d];
    }

    /**
     * The latest event timestamp taken so far (0 before the first): "now" for a service on event
     * time. Events already batched count, so a frame begun after them includes them.
     */
    public long latestEventMillis() {
        return latestEvent;
    }

    /** Keys evicted for idleness so far. */
    public long evictedKeys() {
        return evicted;
    }

    /** Bytes of window state across dimensions. */
    public long memoryBytes() {
        long sum = 0;
        for (DimensionWindows d : dimensions) {
            sum += d.memoryBytes();
        }
        return sum;
    }

    /** Active keys across dimensions. */
    public long activeKeys() {
        long sum = 0;
        for (DimensionWindows d : dimensions) {
            sum += d.activeKeys();
        }
        return sum;
    }

    /**
     * The predicates of a request, as {@code KeyStateLayout.RATIO_*} and {@code COUNT_*} bits.
     *
     * @param challenge the event's browser-challenge outcome ({@code RequestEventLayout.CHALLENGE_*})
     */
    public static int predicates(int status, int flags, int httpVersion, int challenge) {
        return challengePredicate(challenge)
                | (status >= 400 && status < 500 ? KeyStateLayout.RATIO_4XX : 0)
                | (status >= 500 && status < 600 ? KeyStateLayout.RATIO_5XX : 0)
                | ((flags & RequestEventLayout.FLAG_COOKIE) != 0 ? KeyStateLayout.RATIO_COOKIE : 0)
                | (httpVersion == 20 ? KeyStateLayout.RATIO_HTTP2 : 0)
                | ((flags & RequestEventLayout.FLAG_STATIC) != 0 ? KeyStateLayout.RATIO_STATIC : 0)
                | ((flags & RequestEventLayout.FLAG_HEURISTIC) != 0 ? KeyStateLayout.RATIO_HEURISTIC : 0)
                | ((flags & RequestEventLayout.FLAG_BROWSER_LIKE) != 0 ? KeyStateLayout.RATIO_BROWSER : 0)
                | ((flags & RequestEventLayout.FLAG_INCONSISTENT) != 0 ? KeyStateLayout.RATIO_INCONSISTENT : 0)
                | ((flags & RequestEventLayout.FLAG_STATIC) == 0 ? KeyStateLayout.COUNT_PAGE : 0);
    }

    /**
     * The count a challenge outcome feeds. A replayed solution is a failed one to the windows:
     * its nonce was genuine but the client submitting it is not the one it was issued to, which
     * is what a solver farm handing solutions around looks like. Cleared requests feed none
     * (the clearance's age is a request feature of its own).
     */
    private static int challengePredicate(int challenge) {
        return switch (challenge) {
            case RequestEventLayout.CHALLENGE_ISSUED -> KeyStateLayout.COUNT_CHALLENGE_ISSUED;
            case RequestEventLayout.CHALLENGE_SOLVED -> KeyStateLayout.COUNT_CHALLENGE_SOLVED;
            case RequestEventLayout.CHALLENGE_FAILED, RequestEventLayout.CHALLENGE_REPLAYED ->
                    KeyStateLayout.COUNT_CHALLENGE_FAILED;
            default -> 0;
        };
    }

    /**
     * Takes one event into the current batch; the batch is applied when full, at the end of each
     * ring poll ({@link #endOfBatch}) and before a frame chunk.
     */
    @Override
    public void onEvent(RequestEventRecord e) {
        int i = pending;
        long t = e.timestampMillis();
        timestamps[i] = t;
        if (t > latestEvent) {
            latestEvent = t;
        }
        ratioBits[i] = predicates(e.status(), e.flags(), e.httpVersion(), e.challenge());
        userAgents[i] = e.userAgentHash();
        paths[i] = e.pathHash();
        templates[i] = e.templateHash();
        pageNumbers[i] = e.pageNumber();
        int present = 0;
        for (int d = 0; d < dimensions.length; d++) {
            if (e.hasKey(d)) {
                present |= 1 << d;
                keys[d][i] = e.key(d);
            }
        }
        presence[i] = present;
        if (++pending == BATCH) {
            endOfBatch();
        }
    }

    /**
     * Applies the batched events, a dimension at a time in three passes: look every key up, touch
     * every record, then update. The lookups of different events are independent, so their cache
     * misses overlap (with a million keys nearly every lookup misses); events of one dimension
     * keep their order.
     */
    @Override
    public void endOfBatch() {
        int n = pending;
        if (n == 0) {
            return;
        }
        pending = 0;
        int ip = clientIpDimension;
        int touched = 0;
        for (int d = 0; d < dimensions.length; d++) {
            DimensionWindows dim = dimensions[d];
            long[] k = keys[d];
            int bit = 1 << d;
            for (int i = 0; i < n; i++) {
                found[i] = (presence[i] & bit) != 0 ? dim.find(k[i]) : -1;
            }
            for (int i = 0; i < n; i++) {
                touched += dim.touch(found[i]);
            }
            for (int i = 0; i < n; i++) {
                if ((presence[i] & bit) != 0) {
                    boolean hasIp = ip >= 0 && (presence[i] & 1 << ip) != 0;
                    dim.update(k[i], found[i], timestamps[i], ratioBits[i], userAgents[i], paths[i], templates[i],
                            pageNumbers[i], hasIp ? keys[ip][i] : 0, hasIp);
                }
            }
        }
        sink = touched;
    }

    /** Starts evaluating every active key into {@code frame} (reset here) at {@code nowMillis}. */
    public void beginFrame(FeatureFrame frame, long nowMillis) {
        endOfBatch();
        frame.reset(nowMillis);
        this.frame = frame;
        this.frameNow = nowMillis;
        this.walkDimension = 0;
        this.walkRecord = 0;
    }

    /** Whether a frame is being filled. */
    public boolean frameInProgress() {
        return frame != null;
    }

    /**
     * Evaluates up to {@code maxRecords} more records into the frame begun last.
     *
     * @return the frame when it is complete (and no frame is in progress any more), else null
     */
    public FeatureFrame fillFrame(int maxRecords) {
        endOfBatch();
        FeatureFrame f = frame;
        int budget = maxRecords;
        while (walkDimension < dimensions.length) {
            DimensionWindows dim = dimensions[walkDimension];
            int limit = dim.recordLimit();
            while (walkRecord < limit) {
                if (budget-- == 0) {
                    return null;
                }
                int r = walkRecord++;
                if (!dim.isLive(r)) {
                    continue;
                }
                if (dim.isIdle(r, frameNow)) {
                    dim.evict(r);
                    evicted++;
                    continue;
                }
                int at = f.add(walkDimension, dim.keyOf(r));
                dim.evaluate(r, frameNow, f.vectors(walkDimension), at);
            }
            walkDimension++;
            walkRecord = 0;
        }
        frame = null;
        return f;
    }

    /** Evaluates every key into {@code frame} at once (tests, tools, benchmarks). */
    public FeatureFrame fillWholeFrame(FeatureFrame frame, long nowMillis) {
        beginFrame(frame, nowMillis);
        FeatureFrame done;
        do {
            done = fillFrame(Integer.MAX_VALUE);
        } while (done == null);
        return done;
    }
}

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
 *  event ─► predicates (4xx, 5xx, cookie, h2, static, heuristic, browser) and values (UA, path, client IP)
 *        ─► per dimension with a key: DimensionWindows.update
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

    private final DimensionWindows[] dimensions;
    private final int clientIpDimension;
    private FeatureFrame frame;
    private long frameNow;
    private int walkDimension;
    private int walkRecord;
    private long evicted;

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

    /** The ratio predicates of a request, as {@code KeyStateLayout.RATIO_*} bits. */
    public static int predicates(int status, int flags, int httpVersion) {
        return (status >= 400 && status < 500 ? KeyStateLayout.RATIO_4XX : 0)
                | (status >= 500 && status < 600 ? KeyStateLayout.RATIO_5XX : 0)
                | ((flags & RequestEventLayout.FLAG_COOKIE) != 0 ? KeyStateLayout.RATIO_COOKIE : 0)
                | (httpVersion == 20 ? KeyStateLayout.RATIO_HTTP2 : 0)
                | ((flags & RequestEventLayout.FLAG_STATIC) != 0 ? KeyStateLayout.RATIO_STATIC : 0)
                | ((flags & RequestEventLayout.FLAG_HEURISTIC) != 0 ? KeyStateLayout.RATIO_HEURISTIC : 0)
                | ((flags & RequestEventLayout.FLAG_BROWSER_LIKE) != 0 ? KeyStateLayout.RATIO_BROWSER : 0);
    }

    @Override
    public void onEvent(RequestEventRecord e) {
        int predicates = predicates(e.status(), e.flags(), e.httpVersion());
        long t = e.timestampMillis();
        long ua = e.userAgentHash();
        long path = e.pathHash();
        boolean hasIp = clientIpDimension >= 0 && e.hasKey(clientIpDimension);
        long ip = hasIp ? e.key(clientIpDimension) : 0;
        for (int d = 0; d < dimensions.length; d++) {
            if (e.hasKey(d)) {
                dimensions[d].update(e.key(d), t, predicates, ua, path, ip, hasIp);
            }
        }
    }

    /** Starts evaluating every active key into {@code frame} (reset here) at {@code nowMillis}. */
    public void beginFrame(FeatureFrame frame, long nowMillis) {
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

package dev.bliss.proxy.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one event loop's pool to one origin did: its connections (open, idle, connects and
 * failed connects), its exchanges' origin response times, failures and body bytes. Written by
 * the pool and by the exchanges it serves, on their loop; {@link OriginStats} adds every loop's
 * recorder of the same origin up when {@code /metrics} or {@code /stats} is read.
 *
 * <pre>
 *   totals (since start)  [open] [idle] [connects] [connect failures] [failures] [request bytes]
 *                         [response bytes] [responses] [time sum ns] [time bucket 0..n]
 *   seconds (last minute) [exchanges] [failures] [time bucket 0..n]   one vector per second
 * </pre>
 *
 * The origin's time is from the exchange asking the pool for a connection to the response head
 * arriving: connecting (or waiting for a free connection) counts, as it does for the client.
 *
 * <p><b>Single writer</b> (the pool's event loop): plain read of its own value, opaque store, as
 * {@code LoopCounters} does; readers on any thread load opaquely. <b>Allocation:</b> none after
 * construction.
 */
public final class OriginRecorder {

    static final int OPEN = 0;
    static final int IDLE = 1;
    static final int CONNECTS = 2;
    static final int CONNECT_FAILURES = 3;
    static final int FAILURES = 4;
    static final int REQUEST_BYTES = 5;
    static final int RESPONSE_BYTES = 6;
    static final int RESPONSES = 7;
    static final int TIME_SUM = 8;
    static final int TIME = 9;
    static final int WIDTH = TIME + LatencyBuckets.COUNT;

    static final int RECENT_EXCHANGES = 0;
    static final int RECENT_FAILURES = 1;
    static final int RECENT_TIME = 2;
    static final int RECENT_WIDTH = RECENT_TIME + LatencyBuckets.COUNT;
    static final int SECONDS = 60;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    final String upstream;
    final String origin;
    private final long[] totals = new long[WIDTH];
    final TimeBuckets seconds = new TimeBuckets(1_000_000_000L, SECONDS + 1, RECENT_WIDTH);

    OriginRecorder(String upstream, String origin) {
        this.upstream = upstream;
        this.origin = origin;
    }

    /** Writer: the pool's connections now, open (idle, bound or connecting) and idle. */
    public void connections(int open, int idle) {
        SLOT.setOpaque(totals, OPEN, (long) open);
        SLOT.setOpaque(totals, IDLE, (long) idle);
    }

    /** Writer: the pool started a connect. */
    public void connecting() {
        add(CONNECTS, 1);
    }

    /** Writer: a connect failed (refused, unreachable, timed out). */
    public void connectFailed() {
        add(CONNECT_FAILURES, 1);
    }

    /** Writer: request body bytes relayed to the origin. */
    public void requestBytes(int n) {
        add(REQUEST_BYTES, n);
    }

    /** Writer: response body bytes relayed from the origin. */
    public void responseBytes(int n) {
        add(RESPONSE_BYTES, n);
    }

    /** Writer: an exchange with this origin failed (connect, timeout, reset). */
    public void failed(long nowNanos) {
        add(FAILURES, 1);
        TimeBuckets.increment(seconds.at(nowNanos), RECENT_FAILURES);
    }

    /**
     * Writer: an exchange that asked this origin ended.
     *
     * @param originNanos connection asked for → response head, or negative when no head came
     */
    public void exchange(long endNanos, long originNanos) {
        int[] second = seconds.at(endNanos);
        TimeBuckets.increment(second, RECENT_EXCHANGES);
        if (originNanos >= 0) {
            int bucket = LatencyBuckets.index(originNanos);
            add(RESPONSES, 1);
            add(TIME_SUM, originNanos);
            add(TIME + bucket, 1);
            TimeBuckets.increment(second, RECENT_TIME + bucket);
        }
    }

    private void add(int i, long n) {
        SLOT.setOpaque(totals, i, totals[i] + n);
    }

    /** Reader: total (or gauge) {@code i}, opaque. */
    long total(int i) {
        return (long) SLOT.getOpaque(totals, i);
    }
}

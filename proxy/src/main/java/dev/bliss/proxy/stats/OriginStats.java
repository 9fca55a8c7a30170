package dev.bliss.proxy.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every loop's {@link OriginRecorder}, added up per origin (upstream name and address) when read:
 * the pools of n event loops to one origin are one row of the dashboard and one series of each
 * {@code bliss_origin_*} family.
 *
 * <p>Thread-safe; reading allocates (call it from the admin server).
 */
public final class OriginStats {

    private final List<OriginRecorder> recorders = new CopyOnWriteArrayList<>();

    /** A recorder for one loop's pool to {@code origin} of {@code upstream}; once per pool. */
    public OriginRecorder newRecorder(String upstream, String origin) {
        OriginRecorder r = new OriginRecorder(upstream, origin);
        recorders.add(r);
        return r;
    }

    /** Every origin's figures across loops, as of {@code nowNanos}, in the order pools were made. */
    public List<Origin> snapshot(long nowNanos) {
        Map<String, Origin> byOrigin = new LinkedHashMap<>();
        for (OriginRecorder r : recorders) {
            Origin o = byOrigin.computeIfAbsent(r.upstream + '\n' + r.origin, k -> new Origin(r.upstream, r.origin));
            for (int i = 0; i < OriginRecorder.WIDTH; i++) {
                o.totals[i] += r.total(i);
            }
            r.seconds.addInto(o.recent, nowNanos, OriginRecorder.SECONDS);
        }
        return new ArrayList<>(byOrigin.values());
    }

    /** One origin's figures, every loop's pool added up. */
    public static final class Origin {

        private final String upstream;
        private final String address;
        private final long[] totals = new long[OriginRecorder.WIDTH];
        private final long[] recent = new long[OriginRecorder.RECENT_WIDTH];

        Origin(String upstream, String address) {
            this.upstream = upstream;
            this.address = address;
        }

        public String upstream() {
            return upstream;
        }

        public String address() {
            return address;
        }

        public long open() {
            return totals[OriginRecorder.OPEN];
        }

        public long idle() {
            return totals[OriginRecorder.IDLE];
        }

        public long connects() {
            return totals[OriginRecorder.CONNECTS];
        }

        public long connectFailures() {
            return totals[OriginRecorder.CONNECT_FAILURES];
        }

        /** Exchanges that failed on this origin (connect, timeout, reset) since start. */
        public long failures() {
            return totals[OriginRecorder.FAILURES];
        }

        public long requestBytes() {
            return totals[OriginRecorder.REQUEST_BYTES];
        }

        public long responseBytes() {
            return totals[OriginRecorder.RESPONSE_BYTES];
        }

        /** The origin's time to response head since start: per-bucket counts ({@link LatencyBuckets}). */
        public long[] responseTimeBuckets() {
            return Arrays.copyOfRange(totals, OriginRecorder.TIME, OriginRecorder.TIME + LatencyBuckets.COUNT);
        }

        public double responseTimeSumSeconds() {
            return totals[OriginRecorder.TIME_SUM] / 1e9;
        }

        /** Exchanges that asked this origin and ended in the last minute. */
        public long recentExchanges() {
            return recent[OriginRecorder.RECENT_EXCHANGES];
        }

        public long recentFailures() {
            return recent[OriginRecorder.RECENT_FAILURES];
        }

        /** The last minute's response times, per-bucket counts. */
        public long[] recentResponseTimeBuckets() {
            return Arrays.copyOfRange(recent, OriginRecorder.RECENT_TIME, OriginRecorder.RECENT_TIME + LatencyBuckets.COUNT);
        }
    }
}

package dev.bliss.proxy.stats;

import dev.bliss.plugin.field.FieldScheme;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every event loop's {@link LoopRecorder}, and their merge. Recorders are made at startup, one
 * per loop; {@link #snapshot} adds them up when the dashboard asks.
 *
 * <p>Thread-safe. {@link #snapshot} allocates and takes time proportional to the number of loops
 * times the buckets (a few hundred thousand additions): call it from the admin server, not from
 * an event loop of the request path.
 */
public final class TrafficStats {

    private static final int TOP = 10;

    private final StatsFields fields;
    private final List<LoopRecorder> recorders = new CopyOnWriteArrayList<>();

    public TrafficStats(StatsFields fields) {
        this.fields = fields;
    }

    /** Stats that read the fields of {@code scheme} by their names (see {@link StatsFields}). */
    public static TrafficStats of(FieldScheme scheme) {
        return new TrafficStats(StatsFields.of(scheme));
    }

    /** Whether the pipeline produces a bot score for the recorders to read. */
    public boolean scoresAvailable() {
        return fields.score() != null && fields.scoreSource() != null;
    }

    /** A recorder for one event loop; call once per loop at startup. */
    public LoopRecorder newRecorder() {
        LoopRecorder r = new LoopRecorder(fields);
        recorders.add(r);
        return r;
    }

    /** The merge of every loop's recorder as of {@code nowNanos} (a {@link System#nanoTime()} value). */
    public TrafficSnapshot snapshot(long nowNanos) {
        long[] perSecond = new long[LoopRecorder.SECONDS];
        long[] lowPerSecond = new long[LoopRecorder.SECONDS];
        Window minute = new Window();
        Window hour = new Window();
        Map<Integer, Long> detections = new HashMap<>();
        Map<String, Long> ja4 = new HashMap<>();
        Map<String, Long> userAgents = new HashMap<>();
        Map<String, Long> clients = new HashMap<>();
        Map<String, Long> paths = new HashMap<>();
        Map<String, Long> deciding = new HashMap<>();
        for (LoopRecorder r : recorders) {
            // the series ends with the last complete second: the current one is still filling
            long lastComplete = nowNanos - r.seconds.unitNanos();
            r.seconds.addSeries(perSecond, LoopRecorder.REQUESTS, lastComplete);
            r.seconds.addSeries(lowPerSecond, LoopRecorder.LOW, lastComplete);
            minute.add(r, r.seconds, nowNanos, LoopRecorder.SECONDS);
            hour.add(r, r.minutes, nowNanos, LoopRecorder.MINUTES);
            for (int i = 0; i <= LoopRecorder.MAX_DETECTION_ID; i++) {
                long c = r.detectionCount(i);
                if (c > 0) {
                    detections.merge(i == LoopRecorder.MAX_DETECTION_ID ? -1 : i, c, Long::sum);
                }
            }
            r.lowScoreJa4.addInto(ja4);
            r.lowScoreUserAgents.addInto(userAgents);
            r.recentClients.addInto(clients, nowNanos, LoopRecorder.RECENT_MINUTES);
            r.recentPaths.addInto(paths, nowNanos, LoopRecorder.RECENT_MINUTES);
            r.recentRules.addInto(deciding, nowNanos, LoopRecorder.RECENT_MINUTES);
        }
        Map<String, Long> ids = new LinkedHashMap<>();
        detections.entrySet().stream().sorted(Map.Entry.<Integer, Long>comparingByValue().reversed()).limit(TOP)
                .forEach(e -> ids.put(e.getKey() < 0 ? "other" : Integer.toString(e.getKey()), e.getValue()));
        return new TrafficSnapshot(perSecond, lowPerSecond, minute.result(), hour.result(), ids, top(ja4), top(userAgents),
                top(clients), top(paths), top(deciding));
    }

    /**
     * Requests per score since start, by source name, across loops: index = score (0: the source
     * was set without a score). For the Prometheus histogram; any thread; allocates.
     */
    public Map<String, long[]> scoresSinceStart() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (LoopRecorder r : recorders) {
            for (int s = 0, n = r.sources.size(); s < n; s++) {
                long[] into = out.computeIfAbsent(r.sources.name(s), k -> new long[LoopRecorder.SCORES]);
                for (int score = 0; score < LoopRecorder.SCORES; score++) {
                    into[score] += r.scoreCount(s, score);
                }
            }
        }
        return out;
    }

    private static List<TrafficSnapshot.Count> top(Map<String, Long> counts) {
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP)
                .map(e -> new TrafficSnapshot.Count(e.getKey(), e.getValue())).toList();
    }

    /** One window's totals while they are being added up: per source name, across loops. */
    private static final class Window {

        long requests;
        long scored;
        long low;
        final Map<String, long[]> bySource = new LinkedHashMap<>();

        void add(LoopRecorder r, TimeBuckets buckets, long nowNanos, int span) {
            long[] sum = new long[LoopRecorder.WIDTH];
            buckets.addInto(sum, nowNanos, span);
            requests += sum[LoopRecorder.REQUESTS];
            scored += sum[LoopRecorder.SCORED];
            low += sum[LoopRecorder.LOW];
            for (int s = 0, n = r.sources.size(); s < n; s++) {
                long[] into = bySource.computeIfAbsent(r.sources.name(s), k -> new long[LoopRecorder.SCORES]);
                for (int score = 0; score < LoopRecorder.SCORES; score++) {
                    into[score] += sum[LoopRecorder.HISTOGRAM + s * LoopRecorder.SCORES + score];
                }
            }
        }

        TrafficSnapshot.Window result() {
            List<TrafficSnapshot.SourceHistogram> sources = new ArrayList<>();
            bySource.forEach((name, counts) -> sources.add(new TrafficSnapshot.SourceHistogram(name, counts)));
            return new TrafficSnapshot.Window(requests, scored, low, sources);
        }
    }
}

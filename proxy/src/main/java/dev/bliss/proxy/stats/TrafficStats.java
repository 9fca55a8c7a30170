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
        long[] perSecond = new long[ScoreCounts.SECONDS];
        long[] lowPerSecond = new long[ScoreCounts.SECONDS];
        ScoreCounts.Windows windows = new ScoreCounts.Windows();
        Window minute = new Window();
        Window hour = new Window();
        Map<Integer, Long> detections = new HashMap<>();
        Map<String, Long> ja4 = new HashMap<>();
        Map<String, Long> userAgents = new HashMap<>();
        Map<String, Long> clients = new HashMap<>();
        Map<String, Long> paths = new HashMap<>();
        Map<String, Long> deciding = new HashMap<>();
        for (LoopRecorder r : recorders) {
            r.counts.read(windows, nowNanos);
            for (int i = 0; i < ScoreCounts.SECONDS; i++) {
                perSecond[i] += windows.requestsPerSecond[i];
                lowPerSecond[i] += windows.lowScorePerSecond[i];
            }
            // the names after the counts: every source counted is named (its name is published first)
            int sources = r.sources.size();
            minute.add(r.sources, sources, windows.lastMinute);
            hour.add(r.sources, sources, windows.lastHour);
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
        long[] cells = new long[ScoreSources.MAX * ScoreCounts.SCORES];
        for (LoopRecorder r : recorders) {
            java.util.Arrays.fill(cells, 0);
            r.counts.readSinceStart(cells);
            for (int s = 0, n = r.sources.size(); s < n; s++) {
                long[] into = out.computeIfAbsent(r.sources.name(s), k -> new long[ScoreCounts.SCORES]);
                for (int score = 0; score < ScoreCounts.SCORES; score++) {
                    into[score] += cells[s * ScoreCounts.SCORES + score];
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

        /** Adds one loop's window: {@code row} laid out as {@link ScoreCounts}' rows. */
        void add(ScoreSources names, int sources, long[] row) {
            for (long n : row) {
                requests += n;
            }
            for (int s = 0; s < sources; s++) {
                long[] into = bySource.computeIfAbsent(names.name(s), k -> new long[ScoreCounts.SCORES]);
                for (int score = 0; score < ScoreCounts.SCORES; score++) {
                    long n = row[ScoreCounts.slot(s, score)];
                    into[score] += n;
                    scored += score > 0 ? n : 0;
                    low += ScoreCounts.isLow(score) ? n : 0;
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

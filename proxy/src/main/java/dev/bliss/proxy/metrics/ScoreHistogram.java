package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.proxy.stats.TrafficStats;
import java.util.Map;

/**
 * {@code bliss_bot_score{source}}: the histogram of {@code bot.score} by {@code bot.score_source}
 * since start, read from the loops' recorders at scrape time (the request path pays nothing more
 * than the dashboard's recording). Requests whose source was set without a score are not
 * observations. The bucket {@code le="29"} is the count Cloudflare's convention calls likely
 * automated (below 30).
 */
final class ScoreHistogram {

    static final double[] UPPER_BOUNDS = {1, 5, 10, 20, 29, 40, 50, 60, 70, 80, 90, 99};

    private ScoreHistogram() {
    }

    static FamilyCollector of(TrafficStats traffic) {
        return new FamilyCollector("bliss_bot_score", "Bot scores (1 automated to 99 human) by the engine that decided them",
                PluginMetrics.FamilyType.HISTOGRAM, UPPER_BOUNDS, series -> {
                    for (Map.Entry<String, long[]> e : traffic.scoresSinceStart().entrySet()) {
                        long[] buckets = new long[UPPER_BOUNDS.length + 1];
                        double sum = 0;
                        long[] perScore = e.getValue();
                        int bucket = 0;
                        for (int score = 1; score < perScore.length; score++) {
                            while (score > UPPER_BOUNDS[bucket]) {
                                bucket++;
                            }
                            buckets[bucket] += perScore[score];
                            sum += (double) score * perScore[score];
                        }
                        series.histogram(buckets, sum, "source", e.getKey());
                    }
                });
    }
}

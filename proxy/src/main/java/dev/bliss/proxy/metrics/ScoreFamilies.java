package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.proxy.stats.TrafficStats;
import java.util.Map;

/**
 * The bot score's families, read from the loops' recorders at scrape time (the request path
 * pays nothing more than the dashboard's recording):
 *
 * <pre>
 *   bliss_bot_score{source}        histogram of bot.score by bot.score_source since start; requests
 *                                  whose source was set without a score are not observations
 *   bliss_bot_scored_total{source} requests by bot.score_source, those left without a score
 *                                  (not_computed) included
 * </pre>
 *
 * The bucket {@code le="29"} is the count Cloudflare's convention calls likely automated (below 30).
 */
final class ScoreFamilies {

    static final double[] UPPER_BOUNDS = {1, 5, 10, 20, 29, 40, 50, 60, 70, 80, 90, 99};

    private ScoreFamilies() {
    }

    static FamilyCollector histogram(TrafficStats traffic) {
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

    static FamilyCollector bySource(TrafficStats traffic) {
        return new FamilyCollector("bliss_bot_scored", "Requests by the engine that decided bot.score (not_computed: left unscored)",
                PluginMetrics.FamilyType.COUNTER, null, series -> {
                    for (Map.Entry<String, long[]> e : traffic.scoresSinceStart().entrySet()) {
                        long requests = 0;
                        for (long n : e.getValue()) {
                            requests += n; // score 0: the source was set, no score
                        }
                        series.value(requests, "source", e.getKey());
                    }
                });
    }
}

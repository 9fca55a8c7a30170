package dev.bliss.proxy.stats;

import java.util.List;
import java.util.Map;

/**
 * Recent traffic of every event loop, added up ({@link TrafficStats#snapshot}). Immutable by
 * convention (its arrays are the snapshot's own; do not change them).
 *
 * @param requestsPerSecond requests that ended in each of the last 60 complete seconds, oldest first
 * @param lowScorePerSecond of those, the ones scored below {@value LoopRecorder#LOW_SCORE}
 * @param lastMinute        the score histogram of the last minute
 * @param lastHour          the score histogram of the last hour (in whole minutes)
 * @param detectionIds      the most frequent detection ids since start, id → requests
 * @param lowScoreJa4       the most frequent JA4 fingerprints among low scores since start
 * @param lowScoreUserAgents the most frequent user agents among low scores since start
 * @param recentClients     the most frequent client addresses of the last {@value LoopRecorder#RECENT_MINUTES} minutes
 * @param recentPaths       the most frequent paths of the last {@value LoopRecorder#RECENT_MINUTES} minutes
 * @param recentRules       the rules that decided the most requests in the last {@value LoopRecorder#RECENT_MINUTES} minutes
 */
public record TrafficSnapshot(long[] requestsPerSecond, long[] lowScorePerSecond, Window lastMinute, Window lastHour,
                              Map<String, Long> detectionIds, List<Count> lowScoreJa4, List<Count> lowScoreUserAgents,
                              List<Count> recentClients, List<Count> recentPaths, List<Count> recentRules) {

    /**
     * @param requests requests that ended in the window
     * @param scored   of those, the ones with a score (1–99)
     * @param lowScore of those, the ones below {@value LoopRecorder#LOW_SCORE}
     * @param sources  the histogram per score source
     */
    public record Window(long requests, long scored, long lowScore, List<SourceHistogram> sources) {
    }

    /** @param counts requests per score, index 0 = source set but no score, 1–99 = the score */
    public record SourceHistogram(String source, long[] counts) {
    }

    /** A value and how many requests had it (an upper bound: see {@link TopValues}). */
    public record Count(String value, long count) {
    }
}

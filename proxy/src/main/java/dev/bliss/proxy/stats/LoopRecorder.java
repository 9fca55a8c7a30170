package dev.bliss.proxy.stats;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One event loop's side of the dashboard: every finished exchange of the loop is recorded here
 * with one {@link #record} call.
 *
 * <pre>
 *   record ─► second bucket and minute bucket of the exchange's end
 *               [REQUESTS] [SCORED] [LOW_SCORE] [source 0: score 0..99] … [source 7: score 0..99]
 *          ─► (source, score) since start                (the Prometheus histogram)
 *          ─► detection ids seen                        (counts since start, by id)
 *          ─► sampled ({@link TopListSampler}: every exchange up to a few hundred a second,
 *             then about {@value TopListSampler#SAMPLES_PER_SECOND} a second, each counting for
 *             the exchanges it stands for; low scores sampled apart from the rest):
 *               client address, path, deciding rule: this minute's Space-Saving tables, of
 *               which the last {@value #RECENT_MINUTES} are read ({@link RecentTop})
 *               score below {@value #LOW_SCORE}: its JA4 and user agent (Space-Saving tables)
 * </pre>
 *
 * The counters and histograms are exact; the top lists of a busy loop are estimates, so that
 * hashing values and scanning tables is paid a few hundred times a second rather than per
 * exchange.
 *
 * <p>Score 0 in a source's row counts requests whose source was set but no score (not computed).
 *
 * <p><b>Thread:</b> the owning event loop writes; {@link TrafficStats} reads from any thread
 * (see {@link TimeBuckets} and {@link TopValues} for how). <b>Allocation:</b> none per request
 * after the first sight of each score source; no clock read either: the exchange's end is its
 * arrival plus its duration.
 */
public final class LoopRecorder {

    /** Scores below this are counted as likely automated (Cloudflare's convention). */
    public static final int LOW_SCORE = 30;
    /** Detection ids at or above this are counted together in the last slot. */
    static final int MAX_DETECTION_ID = 1024;

    static final int REQUESTS = 0;
    static final int SCORED = 1;
    static final int LOW = 2;
    static final int HISTOGRAM = 3;
    static final int SCORES = 100;
    static final int WIDTH = HISTOGRAM + ScoreSources.MAX * SCORES;

    static final int SECONDS = 60;
    static final int MINUTES = 60;
    /** The minutes the recent top lists (clients, paths, rules) cover. */
    public static final int RECENT_MINUTES = 5;
    static final int RECENT_CAPACITY = 32;

    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    private final StatsFields handles;
    final TimeBuckets seconds = new TimeBuckets(1_000_000_000L, SECONDS + 1, WIDTH);
    final TimeBuckets minutes = new TimeBuckets(60_000_000_000L, MINUTES + 1, WIDTH);
    final ScoreSources sources = new ScoreSources();
    final long[] detectionIds = new long[MAX_DETECTION_ID + 1];
    /** Requests per (source, score) since start, for the Prometheus histogram. */
    final long[] scoresSinceStart = new long[ScoreSources.MAX * SCORES];
    final TopValues lowScoreJa4 = new TopValues(32);
    final TopValues lowScoreUserAgents = new TopValues(32);
    final RecentTop recentClients = new RecentTop(60_000_000_000L, RECENT_MINUTES, RECENT_CAPACITY);
    final RecentTop recentPaths = new RecentTop(60_000_000_000L, RECENT_MINUTES, RECENT_CAPACITY);
    final RecentTop recentRules = new RecentTop(60_000_000_000L, RECENT_MINUTES, RECENT_CAPACITY);
    /** Feeds the recent lists a sample of the loop's exchanges once it is busy. */
    private final TopListSampler sampler = new TopListSampler();
    /** The same for the low scores' lists, from the low scores only: rare ones get their share. */
    private final TopListSampler lowScoreSampler = new TopListSampler();

    LoopRecorder(StatsFields handles) {
        this.handles = handles;
    }

    /**
     * Records one finished exchange, after the detectors' log phase, on the loop that served it.
     *
     * @param request    the request (its arrival time and headers)
     * @param fields     its field table, still holding the detectors' values
     * @param completion how it ended
     */
    public void record(RequestView request, Fields fields, Completion completion) {
        long end = request.receivedNanos() + completion.durationNanos();
        int[] second = seconds.at(end);
        int[] minute = minutes.at(end);
        TimeBuckets.increment(second, REQUESTS);
        TimeBuckets.increment(minute, REQUESTS);
        int sample = sampler.weight(end);
        if (sample > 0) {
            recordRecent(request, completion, end, sample);
        }
        StatsFields f = handles;
        if (f.scoreSource() == null || !fields.isSet(f.scoreSource())) {
            return; // no detector scored it (none configured, or answered before they ran)
        }
        int source = sources.indexOf(fields.bytes(f.scoreSource()), fields.length(f.scoreSource()));
        int score = f.score() != null && fields.isSet(f.score()) ? (int) fields.get(f.score()) : 0;
        if (score < 0 || score >= SCORES) {
            score = 0;
        }
        int slot = HISTOGRAM + source * SCORES + score;
        TimeBuckets.increment(second, slot);
        TimeBuckets.increment(minute, slot);
        int total = source * SCORES + score;
        COUNT.setOpaque(scoresSinceStart, total, scoresSinceStart[total] + 1);
        if (score > 0) {
            TimeBuckets.increment(second, SCORED);
            TimeBuckets.increment(minute, SCORED);
            if (score < LOW_SCORE) {
                TimeBuckets.increment(second, LOW);
                TimeBuckets.increment(minute, LOW);
                int lowSample = lowScoreSampler.weight(end);
                if (lowSample > 0) {
                    recordLowScore(request, fields, lowSample);
                }
            }
        }
        if (f.detectionIds() != null) {
            for (int i = 0, n = fields.length(f.detectionIds()); i < n; i++) {
                long id = fields.get(f.detectionIds(), i);
                int at = id >= 0 && id < MAX_DETECTION_ID ? (int) id : MAX_DETECTION_ID;
                COUNT.setOpaque(detectionIds, at, detectionIds[at] + 1);
            }
        }
    }

    /** The sampled exchange's client address, path and deciding rule, in this minute's tables. */
    private void recordRecent(RequestView request, Completion completion, long end, int weight) {
        dev.bliss.plugin.IpAddress client = request.clientAddress();
        if (client != null) {
            recentClients.at(end).add(client, weight);
        }
        CharSequence path = request.path();
        if (path != null) {
            recentPaths.at(end).add(path, weight);
        }
        CharSequence rule = completion.ruleId();
        if (rule != null) {
            recentRules.at(end).add(rule, weight);
        }
    }

    /** The sampled low score's JA4 and user agent. */
    private void recordLowScore(RequestView request, Fields fields, int weight) {
        StatsFields f = handles;
        if (f.ja4() != null && fields.isSet(f.ja4())) {
            lowScoreJa4.add(fields.bytes(f.ja4()), fields.length(f.ja4()), weight);
        }
        CharSequence userAgent = request.header("user-agent");
        if (userAgent != null) {
            lowScoreUserAgents.add(userAgent, weight);
        }
    }

    /** Reader: requests of source index {@code source} with {@code score} since start (opaque). */
    long scoreCount(int source, int score) {
        return (long) COUNT.getOpaque(scoresSinceStart, source * SCORES + score);
    }

    /** Reader: the count of detection id slot {@code i} (opaque). */
    long detectionCount(int i) {
        return (long) COUNT.getOpaque(detectionIds, i);
    }
}

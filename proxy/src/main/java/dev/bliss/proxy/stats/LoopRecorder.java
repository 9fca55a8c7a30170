package dev.bliss.proxy.stats;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.Symbol;
import dev.bliss.proxy.pipeline.HostHeaderNames;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One event loop's side of the dashboard: the loop's detectors report each request's score here
 * ({@link ScoreTally}, from their log phase), and every finished exchange of the loop is then
 * recorded with one {@link #record} call.
 *
 * <pre>
 *   scored (detector) ─► this exchange's (source, score) cell, held until its record
 *   detected (detector) ─► +1 for the detection id               (counts since start, by id)
 *   record ─► +1 in this second's row ({@link ScoreCounts}): the reported cell, or "unscored";
 *             the minute rows, the since-start histogram and the samplers' rates follow from
 *             the finished second once a second, when the next one begins
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
 * exchange. Why a report and not the field table: the detector has the score and its source at
 * hand, while reading them back out of every request's fields (three checked reads, the source's
 * row by its symbol) was most of what recording cost an exchange (proxy/README.md, "What recording
 * costs an exchange"). A detector's log phase and this record run back to back in
 * {@code ExchangeEnd.complete} for one exchange at a time, so the report waiting here is this
 * exchange's. What a scored exchange pays: the report (its source's row by the symbol's id, the
 * score's range), and in the record the second's compare, a sampler's countdown and one opaque
 * increment; everything else (a new second, a sample, a low score) is behind one call, so the
 * common exchange's values stay in registers.
 *
 * <p>Score 0 in a source's row counts requests whose source reported no score (not computed).
 *
 * <p><b>Thread:</b> the owning event loop writes; {@link TrafficStats} reads from any thread
 * (see {@link ScoreCounts} and {@link TopValues} for how). <b>Allocation:</b> none per request
 * after the first report of each score source; no clock read either: the exchange's end is its
 * arrival plus its duration.
 */
public final class LoopRecorder implements ScoreTally {

    /** Scores below this are counted as likely automated (Cloudflare's convention). */
    public static final int LOW_SCORE = 30;
    /** Detection ids at or above this are counted together in the last slot. */
    static final int MAX_DETECTION_ID = 1024;

    /** The minutes the recent top lists (clients, paths, rules) cover. */
    public static final int RECENT_MINUTES = 5;
    static final int RECENT_CAPACITY = 32;

    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);
    /** Resolved with the proxy's own key, so a sample looks it up without hashing the name. */
    private static final HeaderName USER_AGENT = HostHeaderNames.resolve("user-agent");

    /** {@code bot.ja4}, read for the low scores' samples; null when no detector produces it. */
    private final BytesField ja4;
    final ScoreCounts counts = new ScoreCounts();
    final ScoreSources sources = new ScoreSources();
    /** Exchanges per detection id since start. */
    final long[] detections = new long[MAX_DETECTION_ID + 1];
    final TopValues lowScoreJa4 = new TopValues(32);
    final TopValues lowScoreUserAgents = new TopValues(32);
    final RecentTop recentClients = new RecentTop(ScoreCounts.MINUTE, RECENT_MINUTES, RECENT_CAPACITY);
    final RecentTop recentPaths = new RecentTop(ScoreCounts.MINUTE, RECENT_MINUTES, RECENT_CAPACITY);
    final RecentTop recentRules = new RecentTop(ScoreCounts.MINUTE, RECENT_MINUTES, RECENT_CAPACITY);
    /** Feeds the recent lists a sample of the loop's exchanges once it is busy. */
    private final TopListSampler sampler = new TopListSampler();
    /** The same for the low scores' lists, from the low scores only: rare ones get their share. */
    private final TopListSampler lowScoreSampler = new TopListSampler();
    /** This second's row of {@link #counts}, and where the second ends. */
    private int[] second;
    private long secondEnds = Long.MIN_VALUE;
    /** The exchange's reported cell and score until its record; unscored (and 0) when none came. */
    private int reportedCell = ScoreCounts.UNSCORED;
    private int reportedScore;

    LoopRecorder(StatsFields handles) {
        this.ja4 = handles.ja4();
    }

    /** The detector's report of the exchange being completed: its cell waits for {@link #record}. */
    @Override
    public void scored(Symbol source, int score) {
        int value = scoreOf(score);
        reportedCell = sources.row(source) + value;
        reportedScore = value;
    }

    @Override
    public void detected(int detectionId) {
        int at = detectionId >= 0 && detectionId < MAX_DETECTION_ID ? detectionId : MAX_DETECTION_ID;
        COUNT.setOpaque(detections, at, detections[at] + 1);
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
        int cell = reportedCell;
        int score = reportedScore;
        reportedCell = ScoreCounts.UNSCORED;
        reportedScore = 0;
        // the common exchange: this second, not a low score, not a sample
        if (end < secondEnds && !ScoreCounts.isLow(score) && sampler.skip()) {
            TimeBuckets.increment(second, cell);
            return;
        }
        recordRest(request, fields, completion, end, cell, score);
    }

    /** Every other exchange: the first of a new second, a sample of the top lists, a low score. */
    private void recordRest(RequestView request, Fields fields, Completion completion, long end, int cell, int score) {
        if (end >= secondEnds) {
            newSecond(end);
        }
        TimeBuckets.increment(second, cell);
        int sample = sampler.weight();
        if (sample > 0) {
            recordRecent(request, completion, end, sample);
        }
        if (ScoreCounts.isLow(score)) {
            int lowSample = lowScoreSampler.weight();
            if (lowSample > 0) {
                recordLowScore(request, fields, lowSample);
            }
        }
    }

    /** The score's column of its source's row: an out-of-range score reads 0, "not computed". */
    private static int scoreOf(int value) {
        return value > 0 && value < ScoreCounts.SCORES ? value : 0;
    }

    /** The first exchange past the current second: the counts fold it, the samplers learn its rate. */
    private void newSecond(long end) {
        second = counts.roll(end);
        secondEnds = (Math.floorDiv(end, ScoreCounts.SECOND) + 1) * ScoreCounts.SECOND;
        sampler.newSecond(counts.exchangesBefore());
        lowScoreSampler.newSecond(counts.lowScoresBefore());
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
        if (ja4 != null && fields.isSet(ja4)) {
            lowScoreJa4.add(fields.bytes(ja4), fields.length(ja4), weight);
        }
        CharSequence userAgent = request.header(USER_AGENT);
        if (userAgent != null) {
            lowScoreUserAgents.add(userAgent, weight);
        }
    }

    /** Reader: the count of detection id slot {@code i} (opaque). */
    long detectionCount(int i) {
        return (long) COUNT.getOpaque(detections, i);
    }
}

package dev.bliss.proxy.stats;

import dev.bliss.plugin.Completion;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.BytesField;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.plugin.field.IntField;
import dev.bliss.proxy.pipeline.HostHeaderNames;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One event loop's side of the dashboard: every finished exchange of the loop is recorded here
 * with one {@link #record} call.
 *
 * <pre>
 *   record ─► +1 in this second's row ({@link ScoreCounts}): the (source, score) cell, or
 *             "unscored"; the minute rows, the since-start histogram and the samplers' rates
 *             follow from the finished second once a second, when the next one begins
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
 * exchange. What every exchange pays: a compare with the second's end, three reads of the field
 * table (the score source's {@link dev.bliss.plugin.field.Symbol} id, the score, the detection
 * ids' length), the source's index by that id (a source set from bytes instead: by its first and
 * last eight bytes, {@link ScoreSources}), one opaque increment and a sampler's decrement; a low
 * score one more decrement; each detection id one increment.
 *
 * <p>Score 0 in a source's row counts requests whose source was set but no score (not computed).
 *
 * <p><b>Thread:</b> the owning event loop writes; {@link TrafficStats} reads from any thread
 * (see {@link ScoreCounts} and {@link TopValues} for how). <b>Allocation:</b> none per request
 * after the first sight of each score source; no clock read either: the exchange's end is its
 * arrival plus its duration.
 */
public final class LoopRecorder {

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

    // the handles of the fields read (StatsFields), each null when no detector produces it
    private final IntField score;
    private final BytesField scoreSource;
    private final IntArrayField detectionIds;
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

    LoopRecorder(StatsFields handles) {
        this.score = handles.score();
        this.scoreSource = handles.scoreSource();
        this.detectionIds = handles.detectionIds();
        this.ja4 = handles.ja4();
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
        if (end >= secondEnds) {
            newSecond(end);
        }
        // the field reads before the opaque store, which the compiler takes as a barrier: no
        // load after it reuses one from before
        int source = sourceIndex(fields);
        int value = source < 0 || score == null ? 0 : scoreOf(fields.get(score));
        int cell = source < 0 ? ScoreCounts.UNSCORED : ScoreCounts.slot(source, value);
        int ids = detectionIds == null ? 0 : fields.length(detectionIds);
        TimeBuckets.increment(second, cell);
        if (ids > 0) {
            countDetections(fields, ids);
        }
        int sample = sampler.weight();
        if (sample > 0) {
            recordRecent(request, completion, end, sample);
        }
        if (ScoreCounts.isLow(value)) {
            int lowSample = lowScoreSampler.weight();
            if (lowSample > 0) {
                recordLowScore(request, fields, lowSample);
            }
        }
    }

    /**
     * The index of the exchange's score source ({@link ScoreSources}), or -1 when no detector
     * scored it (none configured, or answered before they ran): its cell is then
     * {@link ScoreCounts#UNSCORED}.
     */
    private int sourceIndex(Fields fields) {
        if (scoreSource == null) {
            return -1;
        }
        // a source set from a Symbol (bot management's are) is told by its id, once it has been
        // seen by its bytes
        int symbol = fields.symbol(scoreSource);
        int known = sources.indexOfSymbol(symbol);
        return known >= 0 ? known : sourceIndexByBytes(fields, symbol);
    }

    private int sourceIndexByBytes(Fields fields, int symbol) {
        // the length first: 0 when unset, so only an empty value asks whether it is set
        int length = fields.length(scoreSource);
        if (length == 0 && !fields.isSet(scoreSource)) {
            return -1;
        }
        int i = sources.indexOf(fields.bytes(scoreSource), length);
        sources.learnSymbol(symbol, i);
        return i;
    }

    /** The score's column of its source's row: an unset or out-of-range score reads 0, "not computed". */
    private static int scoreOf(long value) {
        return value > 0 && value < ScoreCounts.SCORES ? (int) value : 0;
    }

    private void countDetections(Fields fields, int ids) {
        for (int i = 0; i < ids; i++) {
            long id = fields.get(detectionIds, i);
            int at = id >= 0 && id < MAX_DETECTION_ID ? (int) id : MAX_DETECTION_ID;
            COUNT.setOpaque(detections, at, detections[at] + 1);
        }
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

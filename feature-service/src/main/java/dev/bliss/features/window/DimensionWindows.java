package dev.bliss.features.window;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.Aggregation;

/**
 * The sliding-window state of every active key of one dimension: a {@link KeyIndex} from key to
 * record and the records themselves ({@link RecordPages}, laid out by {@link KeyStateLayout}).
 *
 * <p>{@link #update} folds one request into its key's windows; {@link #evaluate} turns a record
 * into the dimension's feature vector at a given time (rank and quantile features are left as
 * the key's request count, which the publisher ranks across all keys).
 *
 * <p>Not thread-safe: the aggregator thread only. No allocation except when the index or the
 * pages grow to a new peak of keys.
 */
public final class DimensionWindows {

    private final String name;
    private final KeyStateLayout layout;
    private final KeyStateLayout.Group[] groups;
    private final KeyStateLayout.FeatureRead[] features;
    private final int maxKeys;
    private final boolean tracksPageOrder;
    private final KeyIndex index;
    private final RecordPages records;
    private final long[] values = new long[3];
    // evaluation scratch, per group
    private final double[] weightPrev;
    private final double[] weightCurr;
    private final boolean[] rolled;
    private final boolean[] empty;
    private long refused;
    private long late;

    public DimensionWindows(String name, KeyStateLayout layout, int maxKeys) {
        this.name = name;
        this.layout = layout;
        this.groups = layout.groups();
        this.features = layout.features();
        this.maxKeys = maxKeys;
        this.tracksPageOrder = layout.tracksPageOrder();
        this.index = new KeyIndex(Math.min(maxKeys, 1 << 12));
        this.records = new RecordPages(layout.stride());
        this.weightPrev = new double[groups.length];
        this.weightCurr = new double[groups.length];
        this.rolled = new boolean[groups.length];
        this.empty = new boolean[groups.length];
    }

    public String name() {
        return name;
    }

    public KeyStateLayout layout() {
        return layout;
    }

    /** Features per key. */
    public int vectorLength() {
        return features.length;
    }

    /** Keys with state. */
    public int activeKeys() {
        return index.size();
    }

    /** New keys turned away because the dimension held {@code max_keys}. */
    public long refusedKeys() {
        return refused;
    }

    /** Updates that fell before the previous bucket of a window (too late to count there). */
    public long lateUpdates() {
        return late;
    }

    /** Bytes held for this dimension's state: index slots and record pages. */
    public long memoryBytes() {
        return (long) index.capacity() * 2 * Long.BYTES
                + (long) records.pageCount() * RecordPages.PAGE_RECORDS * layout.recordBytes();
    }

    /**
     * Folds one request into {@code key}'s windows.
     *
     * @param predicates the request's ratio predicates ({@code KeyStateLayout.RATIO_*} bits)
     * @param userAgent  hash of the user agent
     * @param path       hash of the path
     * @param clientIp   key of the client address; {@code hasClientIp} false when unknown
     * @return false when the key is new and the dimension is full
     */
    public boolean update(long key, long timestampMillis, int predicates, long userAgent, long path, long clientIp,
                          boolean hasClientIp) {
        return update(key, timestampMillis, predicates, userAgent, path, 0, RequestEventLayout.NO_PAGE_NUMBER, clientIp,
                hasClientIp);
    }

    /**
     * As {@link #update(long, long, int, long, long, long, boolean)}, with the path's template and
     * number ({@code PathTemplate}) for the page-order feature.
     *
     * @param template   hash of the path's template
     * @param pageNumber the path's last number, or {@link RequestEventLayout#NO_PAGE_NUMBER}
     */
    public boolean update(long key, long timestampMillis, int predicates, long userAgent, long path, long template,
                          long pageNumber, long clientIp, boolean hasClientIp) {
        return update(key, index.find(key), timestampMillis, predicates, userAgent, path, template, pageNumber, clientIp,
                hasClientIp);
    }

    /**
     * The record of {@code key}, or -1. With {@link #touch}, the first two steps of a batched
     * update: looking up many keys, then touching their records, before updating any of them,
     * lets their cache misses overlap instead of queueing one behind the other.
     */
    int find(long key) {
        return index.find(key);
    }

    /** Loads each cache line of {@code record} (-1: nothing); returns a value only so the loads are kept. */
    int touch(int record) {
        if (record < 0) {
            return 0;
        }
        int[] page = records.page(record);
        int base = records.base(record);
        int sum = 0;
        for (int at = base, end = base + layout.stride(); at < end; at += 16) {
            sum += page[at];
        }
        return sum;
    }

    /**
     * As {@link #update(long, long, int, long, long, long, long, long, boolean)}, with {@code record}
     * the result of {@link #find} for {@code key} since the last update of this dimension, or -1.
     */
    boolean update(long key, int found, long timestampMillis, int predicates, long userAgent, long path, long template,
                   long pageNumber, long clientIp, boolean hasClientIp) {
        // a key new in a batch that appears twice was inserted by its first update: look again
        int record = found >= 0 ? found : index.find(key);
        if (record == KeyIndex.MISSING) {
            if (index.size() >= maxKeys) {
                refused++;
                return false;
            }
            record = records.allocate();
            index.insert(key, record);
            int[] page = records.page(record);
            int base = records.base(record);
            page[base + KeyStateLayout.KEY] = (int) key;
            page[base + KeyStateLayout.KEY + 1] = (int) (key >>> 32);
        }
        int[] page = records.page(record);
        int base = records.base(record);
        long t = Math.max(1, timestampMillis);
        long lastSeen = timeAt(page, base + KeyStateLayout.LAST_SEEN);
        long gapMillis = lastSeen != 0 && t >= lastSeen ? t - lastSeen : -1;
        if (t > lastSeen) {
            setTimeAt(page, base + KeyStateLayout.LAST_SEEN, t);
        }
        // a page's gap is to the key's previous page: the assets between them are not its pace
        long pageGapMillis = -1;
        if ((predicates & KeyStateLayout.COUNT_PAGE) != 0) {
            long lastPage = timeAt(page, base + KeyStateLayout.LAST_PAGE);
            pageGapMillis = lastPage != 0 && t >= lastPage ? t - lastPage : -1;
            if (t > lastPage) {
                setTimeAt(page, base + KeyStateLayout.LAST_PAGE, t);
            }
        }
        // a numbered page against the key's previous numbered page (pages without a number, such
        // as a listing between two products, neither break a walk nor count): 1 = a step of it.
        // Previous in the order events arrive, not by timestamp: one proxy's events of a key come
        // in order, and a step lost to two proxies' interleaving only lowers the share.
        int step = -1;
        if (tracksPageOrder && (predicates & KeyStateLayout.COUNT_PAGE) != 0 && pageNumber >= 0) {
            long previous = longAt(page, base + KeyStateLayout.LAST_NUMBER) - 1;
            if (previous >= 0) {
                boolean sameTemplate = longAt(page, base + KeyStateLayout.LAST_TEMPLATE) == template;
                long distance = Math.abs(pageNumber - previous);
                step = sameTemplate && distance >= 1 && distance <= KeyStateLayout.MAX_STEP ? 1 : 0;
            }
            setLongAt(page, base + KeyStateLayout.LAST_TEMPLATE, template);
            setLongAt(page, base + KeyStateLayout.LAST_NUMBER, pageNumber + 1);
        }
        values[KeyStateLayout.VALUE_USER_AGENT] = userAgent;
        values[KeyStateLayout.VALUE_PATH] = path;
        values[KeyStateLayout.VALUE_CLIENT_IP] = clientIp;
        for (KeyStateLayout.Group g : groups) {
            int half = roll(page, base, g, t);
            if (half < 0) {
                late++;
                continue;
            }
            page[base + g.countOffset + half]++;
            int[] bits = g.ratioBits;
            for (int r = 0; r < bits.length; r++) {
                if ((predicates & bits[r]) != 0) {
                    page[base + g.ratioOffsets[r] + half]++;
                }
            }
            if (g.gapsOffset >= 0 && gapMillis >= 0) {
                addGap(page, base + g.gapsOffset + half, Math.min(gapMillis, g.windowMillis) / 1000f);
            }
            if (g.pageGapsOffset >= 0 && pageGapMillis >= 0) {
                addGap(page, base + g.pageGapsOffset + half, Math.min(pageGapMillis, g.windowMillis) / 1000f);
            }
            if (g.sequenceOffset >= 0 && step >= 0) {
                page[base + g.sequenceOffset + half] += step;
                page[base + g.sequenceOffset + 2 + half]++;
            }
            int[] kinds = g.sketchKinds;
            for (int s = 0; s < kinds.length; s++) {
                int value = g.sketchValues[s];
                if (value == KeyStateLayout.VALUE_CLIENT_IP && !hasClientIp) {
                    continue;
                }
                if (kinds[s] == KeyStateLayout.SKETCH_HLL) {
                    HyperLogLog.add(page, base + g.sketchOffsets[s] + half * HyperLogLog.INTS, values[value]);
                } else {
                    LinearCounter.add(page, base + g.sketchOffsets[s] + half * LinearCounter.INTS, values[value]);
                }
            }
        }
        return true;
    }

    /** Adds one gap (s) to the inter-arrival block whose bucket's gap count is at {@code at}. */
    private static void addGap(int[] page, int at, float gap) {
        page[at]++;
        page[at + 2] = Float.floatToRawIntBits(Float.intBitsToFloat(page[at + 2]) + gap);
        page[at + 4] = Float.floatToRawIntBits(Float.intBitsToFloat(page[at + 4]) + gap * gap);
    }

    /**
     * Moves group {@code g} to the bucket of {@code t} if that is later than its current one.
     *
     * @return the half {@code t} falls in: 1 current, 0 previous, -1 older than both
     */
    private static int roll(int[] page, int base, KeyStateLayout.Group g, long t) {
        int current = page[base + g.offset];
        long w = g.windowMillis;
        long into = t - (KeyStateLayout.BASE_MILLIS + current * w);
        if (into >= 0 && into < w) {
            return 1;
        }
        if (into < 0) {
            return into >= -w ? 0 : -1;
        }
        long bucket = into < 2 * w ? current + 1 : (t - KeyStateLayout.BASE_MILLIS) / w;
        if (bucket == current + 1) {
            for (int at = base + g.countOffset; at < base + g.scalarEnd; at += 2) {
                page[at] = page[at + 1];
                page[at + 1] = 0;
            }
            for (int s = 0; s < g.sketchOffsets.length; s++) {
                int size = KeyStateLayout.sketchInts(g.sketchKinds[s]);
                int prev = base + g.sketchOffsets[s];
                System.arraycopy(page, prev + size, page, prev, size);
                java.util.Arrays.fill(page, prev + size, prev + 2 * size, 0);
            }
        } else {
            java.util.Arrays.fill(page, base + g.countOffset, base + g.end, 0);
        }
        page[base + g.offset] = (int) bucket;
        return 1;
    }

    private static long lastSeen(int[] page, int base) {
        return timeAt(page, base + KeyStateLayout.LAST_SEEN);
    }

    private static long timeAt(int[] page, int at) {
        return longAt(page, at);
    }

    private static void setTimeAt(int[] page, int at, long t) {
        setLongAt(page, at, t);
    }

    /** A long held as two ints, low first. */
    private static long longAt(int[] page, int at) {
        return page[at] & 0xFFFF_FFFFL | (long) page[at + 1] << 32;
    }

    private static void setLongAt(int[] page, int at, long v) {
        page[at] = (int) v;
        page[at + 1] = (int) (v >>> 32);
    }

    /** One past the highest record number: walk [0, recordLimit()) to visit every key. */
    public int recordLimit() {
        return records.limit();
    }

    /** Whether record {@code record} holds a key. */
    public boolean isLive(int record) {
        return lastSeen(records.page(record), records.base(record)) != 0;
    }

    /** The key of a live record. */
    public long keyOf(int record) {
        int[] page = records.page(record);
        int base = records.base(record);
        return page[base + KeyStateLayout.KEY] & 0xFFFF_FFFFL | (long) page[base + KeyStateLayout.KEY + 1] << 32;
    }

    /** When the key of a live record last had a request. */
    public long lastSeenOf(int record) {
        return lastSeen(records.page(record), records.base(record));
    }

    /** Whether the key of a live record has been idle past its longest window at {@code now}. */
    public boolean isIdle(int record, long nowMillis) {
        return nowMillis - lastSeenOf(record) > layout.longestWindowMillis();
    }

    /** Forgets a live record's key. */
    public void evict(int record) {
        index.remove(keyOf(record));
        records.release(record);
    }

    /** The record of {@code key}, or -1. */
    public int recordOf(long key) {
        return index.find(key);
    }

    /** Ints in one key's state, the length {@link #copyRecord} writes and {@link #restoreRecord} reads. */
    public int recordInts() {
        return layout.stride();
    }

    /**
     * Copies a live record's whole state (its key included) into {@code state} from 0: for a
     * durable copy kept elsewhere, such as the fleet aggregator's state store.
     */
    public void copyRecord(int record, int[] state) {
        System.arraycopy(records.page(record), records.base(record), state, 0, layout.stride());
    }

    /**
     * Makes {@code state}, as {@link #copyRecord} wrote it, the state of the key it holds,
     * replacing any state that key had.
     *
     * @return the key's record, or -1 when the key is new and the dimension is full
     */
    public int restoreRecord(int[] state) {
        long key = state[KeyStateLayout.KEY] & 0xFFFF_FFFFL | (long) state[KeyStateLayout.KEY + 1] << 32;
        int record = index.find(key);
        if (record == KeyIndex.MISSING) {
            if (index.size() >= maxKeys) {
                refused++;
                return -1;
            }
            record = records.allocate();
            index.insert(key, record);
        }
        System.arraycopy(state, 0, records.page(record), records.base(record), layout.stride());
        return record;
    }

    /**
     * Writes the feature vector of a live record at {@code now} into {@code out} from
     * {@code offset}. Rank and quantile features get the key's request count in their window.
     */
    public void evaluate(int record, long nowMillis, float[] out, int offset) {
        int[] page = records.page(record);
        int base = records.base(record);
        long idle = nowMillis - lastSeen(page, base);
        for (int gi = 0; gi < groups.length; gi++) {
            KeyStateLayout.Group g = groups[gi];
            long w = g.windowMillis;
            long into = Math.max(0, nowMillis - (KeyStateLayout.BASE_MILLIS + page[base + g.offset] * w));
            // nothing in the window once the last request is older than it: the exact answer, not the estimate
            empty[gi] = idle > w || into >= 2 * w;
            rolled[gi] = into >= w;
            double elapsed = (double) (rolled[gi] ? into - w : into) / w;
            weightPrev[gi] = rolled[gi] ? 0 : 1 - elapsed;
            weightCurr[gi] = rolled[gi] ? 1 - elapsed : 1;
        }
        for (int f = 0; f < features.length; f++) {
            out[offset + f] = value(features[f], page, base);
        }
    }

    /** A distinct count's estimate over the window: the current bucket, plus what only the previous one saw, weighted. */
    private double distinct(KeyStateLayout.FeatureRead f, int[] page, int base, int gi, double wp, double wc) {
        int prev = base + f.offset();
        boolean hll = f.sketchKind() == KeyStateLayout.SKETCH_HLL;
        int size = hll ? HyperLogLog.INTS : LinearCounter.INTS;
        int curr = prev + size;
        double current = hll ? HyperLogLog.estimate(page, curr) : LinearCounter.estimate(page, curr);
        if (rolled[gi]) {
            return wc * current;
        }
        double union = hll ? HyperLogLog.estimateUnion(page, prev, page, curr)
                : LinearCounter.estimateUnion(page, prev, page, curr);
        // values seen only in the previous bucket count with the share of it still in the window
        return current + wp * Math.max(0, union - current);
    }

    private float value(KeyStateLayout.FeatureRead f, int[] page, int base) {
        int gi = f.group();
        boolean none = empty[gi];
        double wp = weightPrev[gi];
        double wc = weightCurr[gi];
        int count = base + groups[gi].countOffset;
        double requests = none ? 0 : wp * page[count] + wc * page[count + 1];
        Aggregation a = f.aggregation();
        switch (a) {
            case COUNT, RANK_BY_COUNT, QUANTILE_BY_COUNT -> {
                return (float) requests;
            }
            case PAGE_COUNT, CHALLENGES_ISSUED, CHALLENGES_SOLVED, CHALLENGES_FAILED -> {
                int at = base + f.offset();
                return none ? 0 : (float) (wp * page[at] + wc * page[at + 1]);
            }
            case REQUESTS_PER_IP -> {
                if (none || requests <= 0) {
                    return f.defaultValue();
                }
                double ips = distinct(f, page, base, gi, wp, wc);
                return (float) (requests / Math.max(1, ips));
            }
            case DISTINCT_USER_AGENTS, DISTINCT_PATHS, DISTINCT_IPS -> {
                if (none) {
                    return 0;
                }
                return (float) distinct(f, page, base, gi, wp, wc);
            }
            case RATIO_SEQUENTIAL_PAGES -> {
                int at = base + f.offset();
                double numbered = none ? 0 : wp * page[at + 2] + wc * page[at + 3];
                // as for the page gaps: a share needs at least one numbered page after another
                if (numbered < 1) {
                    return f.defaultValue();
                }
                return (float) Math.min(1.0, (wp * page[at] + wc * page[at + 1]) / numbered);
            }
            case SEQUENTIAL_PAGES -> {
                int at = base + f.offset();
                return none ? 0 : (float) (wp * page[at] + wc * page[at + 1]);
            }
            case MEAN_INTERARRIVAL, CV_INTERARRIVAL, MEAN_PAGE_INTERARRIVAL, CV_PAGE_INTERARRIVAL -> {
                int at = base + f.offset();
                double gaps = none ? 0 : wp * page[at] + wc * page[at + 1];
                boolean cv = a == Aggregation.CV_INTERARRIVAL || a == Aggregation.CV_PAGE_INTERARRIVAL;
                if (gaps < (cv ? 2 : 1)) {
                    return f.defaultValue();
                }
                double sum = wp * Float.intBitsToFloat(page[at + 2]) + wc * Float.intBitsToFloat(page[at + 3]);
                double mean = sum / gaps;
                if (!cv) {
                    return (float) mean;
                }
                double squares = wp * Float.intBitsToFloat(page[at + 4]) + wc * Float.intBitsToFloat(page[at + 5]);
                double variance = Math.max(0, squares / gaps - mean * mean);
                return mean > 0 ? (float) (Math.sqrt(variance) / mean) : 0f;
            }
            default -> {
                // a ratio of requests with a property
                if (requests <= 0) {
                    return f.defaultValue();
                }
                int at = base + f.offset();
                return (float) Math.min(1.0, (wp * page[at] + wc * page[at + 1]) / requests);
            }
        }
    }
}

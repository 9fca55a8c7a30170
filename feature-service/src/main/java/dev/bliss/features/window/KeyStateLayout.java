package dev.bliss.features.window;

import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.FeatureSpec;
import dev.bliss.store.schema.SchemaDimension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Layout of one key's state record (ints) for one dimension, derived from the dimension's
 * features: a header, then one group per distinct window length, each a pair of buckets
 * (previous, current) of everything that window's features need.
 *
 * <pre>
 * int   what
 *   0   key, low 32 bits
 *   1   key, high 32 bits
 *   2   last seen, epoch ms, low 32 bits   (0: the record is free)
 *   3   last seen, high 32 bits
 *   4   last page request (not a static resource), epoch ms, low 32 bits (0: none yet)
 *   5   last page request, high 32 bits
 *   only when a feature is ratio_sequential_pages or sequential_pages (else the groups start at 6):
 *   6   last numbered page's template hash, low 32 bits
 *   7   last numbered page's template hash, high 32 bits
 *   8   last numbered page's number + 1, low 32 bits   (0: no numbered page yet)
 *   9   last numbered page's number + 1, high 32 bits
 *   per window group g (window W), at groupOffset(g):
 *   +0  current bucket number: (t - BASE_MILLIS) / W
 *   +1  requests           prev | curr            ─┐ scalar pairs: [prev, curr],
 *   …   per ratio:  hits   prev | curr             │ rolled by "prev = curr, curr = 0"
 *   …   inter-arrival: gaps prev | curr, Σ gap (s, float) prev | curr, Σ gap² prev | curr (if needed)
 *   …   page inter-arrival: the same three pairs over page requests only (if needed)
 *   …   page order: steps prev | curr, numbered pages after a numbered page prev | curr (if needed)
 *   …   per distinct count: sketch prev [S ints], sketch curr [S ints]
 *                           (S = LinearCounter.INTS or HyperLogLog.INTS)
 * </pre>
 *
 * <p>A window's estimate at time {@code t} is Cloudflare's two-bucket approximation of a sliding
 * window: {@code prev * (1 - elapsed / W) + curr}, where {@code elapsed} is how far {@code t} is
 * into the current bucket; no per-request storage, so the memory per key is fixed by the schema.
 *
 * <p>Immutable.
 */
public final class KeyStateLayout {

    /** Origin of bucket numbers (2020-01-01T00:00Z), so that they fit an int for windows of 1 s and more. */
    public static final long BASE_MILLIS = 1_577_836_800_000L;
    /** The shortest window supported. */
    public static final long MIN_WINDOW_MILLIS = 1_000;

    static final int KEY = 0;
    static final int LAST_SEEN = 2;
    static final int LAST_PAGE = 4;
    static final int HEADER_INTS = 6;
    /** The last numbered page, in the header of a layout that has a page-order feature. */
    static final int LAST_TEMPLATE = 6;
    static final int LAST_NUMBER = 8;
    static final int SEQUENCE_HEADER_INTS = 10;
    /**
     * How far a page's number may be from the previous numbered page's for the two to be a step
     * of a walk: one, either way. A reload (the same number) is not a step; nor is a jump of two
     * or more, which is what following related-product links does at random, and allowing it
     * would widen a person's chance hits as much as a walker's.
     */
    static final long MAX_STEP = 1;

    /** Ratio predicates, as bits of an event's predicate mask. */
    static final int RATIO_4XX = 1;
    static final int RATIO_5XX = 1 << 1;
    static final int RATIO_COOKIE = 1 << 2;
    static final int RATIO_HTTP2 = 1 << 3;
    static final int RATIO_STATIC = 1 << 4;
    static final int RATIO_HEURISTIC = 1 << 5;
    static final int RATIO_BROWSER = 1 << 6;
    static final int RATIO_INCONSISTENT = 1 << 7;
    /** Not a ratio's numerator but a count of its own: requests without the static flag. */
    static final int COUNT_PAGE = 1 << 8;
    /** Counts of their own too: requests by browser-challenge outcome (failed and replayed count as failed). */
    static final int COUNT_CHALLENGE_ISSUED = 1 << 9;
    static final int COUNT_CHALLENGE_SOLVED = 1 << 10;
    static final int COUNT_CHALLENGE_FAILED = 1 << 11;

    /** Values a distinct count counts. */
    static final int VALUE_USER_AGENT = 0;
    static final int VALUE_PATH = 1;
    static final int VALUE_CLIENT_IP = 2;

    static final int SKETCH_LINEAR = 0;
    static final int SKETCH_HLL = 1;

    /** Ints of one inter-arrival block: gaps, Σ gap and Σ gap², each a (prev, curr) pair. */
    static final int GAP_INTS = 6;
    /** Ints of one page-order block: steps and numbered pages after a numbered page, each a (prev, curr) pair. */
    static final int SEQUENCE_INTS = 4;

    /** One window length's part of the record. */
    static final class Group {
        final long windowMillis;
        /** Offset of the bucket number; the count pair follows. */
        final int offset;
        final int countOffset;
        final int[] ratioOffsets;
        final int[] ratioBits;
        /** Offset of the gaps pair (sum and sum of squares pairs follow), or -1. */
        final int gapsOffset;
        /** Offset of the page gaps pair (laid out as the gaps), or -1. */
        final int pageGapsOffset;
        /** Offset of the steps pair (the numbered pages pair follows), or -1. */
        final int sequenceOffset;
        final int scalarEnd;
        final int[] sketchOffsets;
        final int[] sketchKinds;
        final int[] sketchValues;
        final int end;

        Group(long windowMillis, int offset, int[] ratioBits, boolean gaps, boolean pageGaps, boolean sequence,
              int[] sketchKinds, int[] sketchValues) {
            this.windowMillis = windowMillis;
            this.offset = offset;
            this.countOffset = offset + 1;
            int at = countOffset + 2;
            this.ratioBits = ratioBits;
            this.ratioOffsets = new int[ratioBits.length];
            for (int i = 0; i < ratioBits.length; i++) {
                ratioOffsets[i] = at;
                at += 2;
            }
            this.gapsOffset = gaps ? at : -1;
            at += gaps ? GAP_INTS : 0;
            this.pageGapsOffset = pageGaps ? at : -1;
            at += pageGaps ? GAP_INTS : 0;
            this.sequenceOffset = sequence ? at : -1;
            at += sequence ? SEQUENCE_INTS : 0;
            this.scalarEnd = at;
            this.sketchKinds = sketchKinds;
            this.sketchValues = sketchValues;
            this.sketchOffsets = new int[sketchKinds.length];
            for (int i = 0; i < sketchKinds.length; i++) {
                sketchOffsets[i] = at;
                at += 2 * sketchInts(sketchKinds[i]);
            }
            this.end = at;
        }
    }

    /** How one feature is read from the record. */
    record FeatureRead(Aggregation aggregation, int group, int offset, int sketchKind, float defaultValue) {
    }

    private final Group[] groups;
    private final FeatureRead[] features;
    private final int stride;
    private final long longestWindowMillis;
    private final boolean needsGaps;
    private final boolean tracksPageOrder;

    private KeyStateLayout(Group[] groups, FeatureRead[] features, int headerInts, boolean tracksPageOrder) {
        this.groups = groups;
        this.features = features;
        this.tracksPageOrder = tracksPageOrder;
        this.stride = groups.length == 0 ? headerInts : groups[groups.length - 1].end;
        long longest = 0;
        boolean gaps = false;
        for (Group g : groups) {
            longest = Math.max(longest, g.windowMillis);
            gaps |= g.gapsOffset >= 0;
        }
        this.longestWindowMillis = longest;
        this.needsGaps = gaps;
    }

    /**
     * The layout for {@code dimension}'s features.
     *
     * @throws IllegalArgumentException for a window shorter than {@link #MIN_WINDOW_MILLIS}
     */
    public static KeyStateLayout of(SchemaDimension dimension) {
        Map<Long, List<FeatureSpec>> byWindow = new LinkedHashMap<>();
        for (FeatureSpec f : dimension.features()) {
            long w = f.window().toMillis();
            if (w < MIN_WINDOW_MILLIS) {
                throw new IllegalArgumentException("feature " + dimension.name() + '.' + f.name() + ": windows shorter than "
                        + MIN_WINDOW_MILLIS + " ms are not supported");
            }
            byWindow.computeIfAbsent(w, k -> new ArrayList<>()).add(f);
        }
        boolean pageOrder = dimension.features().stream().anyMatch(f -> isPageOrder(f.aggregation()));
        int headerInts = pageOrder ? SEQUENCE_HEADER_INTS : HEADER_INTS;
        List<Group> groups = new ArrayList<>();
        int at = headerInts;
        for (Map.Entry<Long, List<FeatureSpec>> e : byWindow.entrySet()) {
            List<Integer> ratios = new ArrayList<>();
            List<int[]> sketches = new ArrayList<>();
            boolean gaps = false;
            boolean pageGaps = false;
            boolean sequence = false;
            for (FeatureSpec f : e.getValue()) {
                Aggregation a = f.aggregation();
                int bit = ratioBit(a);
                if (bit != 0 && !ratios.contains(bit)) {
                    ratios.add(bit);
                }
                gaps |= a == Aggregation.MEAN_INTERARRIVAL || a == Aggregation.CV_INTERARRIVAL;
                pageGaps |= isPageGaps(a);
                sequence |= isPageOrder(a);
                int value = distinctValue(a);
                if (value >= 0 && sketches.stream().noneMatch(s -> s[1] == value)) {
                    sketches.add(new int[] {sketchKind(a), value});
                }
            }
            Group g = new Group(e.getKey(), at, ratios.stream().mapToInt(Integer::intValue).toArray(), gaps, pageGaps, sequence,
                    sketches.stream().mapToInt(s -> s[0]).toArray(), sketches.stream().mapToInt(s -> s[1]).toArray());
            groups.add(g);
            at = g.end;
        }
        List<Long> windows = new ArrayList<>(byWindow.keySet());
        FeatureRead[] reads = new FeatureRead[dimension.features().size()];
        for (int i = 0; i < reads.length; i++) {
            FeatureSpec f = dimension.features().get(i);
            int gi = windows.indexOf(f.window().toMillis());
            Group g = groups.get(gi);
            Aggregation a = f.aggregation();
            int offset = g.countOffset;
            int kind = -1;
            int bit = ratioBit(a);
            if (bit != 0) {
                for (int r = 0; r < g.ratioBits.length; r++) {
                    if (g.ratioBits[r] == bit) {
                        offset = g.ratioOffsets[r];
                    }
                }
            } else if (distinctValue(a) >= 0) {
                for (int s = 0; s < g.sketchValues.length; s++) {
                    if (g.sketchValues[s] == distinctValue(a)) {
                        offset = g.sketchOffsets[s];
                        kind = g.sketchKinds[s];
                    }
                }
            } else if (a == Aggregation.MEAN_INTERARRIVAL || a == Aggregation.CV_INTERARRIVAL) {
                offset = g.gapsOffset;
            } else if (isPageGaps(a)) {
                offset = g.pageGapsOffset;
            } else if (isPageOrder(a)) {
                offset = g.sequenceOffset;
            }
            reads[i] = new FeatureRead(a, gi, offset, kind, f.defaultValue());
        }
        return new KeyStateLayout(groups.toArray(Group[]::new), reads, headerInts, pageOrder);
    }

    /** The page-order aggregations, which share the record head's last numbered page and a group's step counts. */
    static boolean isPageOrder(Aggregation a) {
        return a == Aggregation.RATIO_SEQUENTIAL_PAGES || a == Aggregation.SEQUENTIAL_PAGES;
    }

    static boolean isPageGaps(Aggregation a) {
        return a == Aggregation.MEAN_PAGE_INTERARRIVAL || a == Aggregation.CV_PAGE_INTERARRIVAL;
    }

    static int ratioBit(Aggregation a) {
        return switch (a) {
            case RATIO_4XX -> RATIO_4XX;
            case RATIO_5XX -> RATIO_5XX;
            case RATIO_WITH_COOKIE -> RATIO_COOKIE;
            case RATIO_HTTP2 -> RATIO_HTTP2;
            case RATIO_STATIC -> RATIO_STATIC;
            case RATIO_HEURISTIC -> RATIO_HEURISTIC;
            case RATIO_BROWSER_UA -> RATIO_BROWSER;
            case RATIO_INCONSISTENT -> RATIO_INCONSISTENT;
            case PAGE_COUNT -> COUNT_PAGE;
            case CHALLENGES_ISSUED -> COUNT_CHALLENGE_ISSUED;
            case CHALLENGES_SOLVED -> COUNT_CHALLENGE_SOLVED;
            case CHALLENGES_FAILED -> COUNT_CHALLENGE_FAILED;
            default -> 0;
        };
    }

    static int distinctValue(Aggregation a) {
        return switch (a) {
            case DISTINCT_USER_AGENTS -> VALUE_USER_AGENT;
            case DISTINCT_PATHS -> VALUE_PATH;
            case DISTINCT_IPS, REQUESTS_PER_IP -> VALUE_CLIENT_IP;
            default -> -1;
        };
    }

    /**
     * The sketch a distinct count uses: per-client cardinalities (user agents, paths) are small
     * and get a 256-bit linear counter; addresses behind one key can be millions and get a
     * HyperLogLog.
     */
    static int sketchKind(Aggregation a) {
        return a == Aggregation.DISTINCT_IPS || a == Aggregation.REQUESTS_PER_IP ? SKETCH_HLL : SKETCH_LINEAR;
    }

    static int sketchInts(int kind) {
        return kind == SKETCH_HLL ? HyperLogLog.INTS : LinearCounter.INTS;
    }

    Group[] groups() {
        return groups;
    }

    FeatureRead[] features() {
        return features;
    }

    /** Whether some feature needs the key's last numbered page (the header's page-order part). */
    boolean tracksPageOrder() {
        return tracksPageOrder;
    }

    /** Whether some feature needs inter-arrival times. */
    boolean needsGaps() {
        return needsGaps;
    }

    /** Ints per record. */
    public int stride() {
        return stride;
    }

    /** Bytes per record. */
    public int recordBytes() {
        return stride * Integer.BYTES;
    }

    /** The longest window: a key idle longer than this has nothing left in any window and is evicted. */
    public long longestWindowMillis() {
        return longestWindowMillis;
    }

    /** Whether some feature needs the client-address value (a distinct count of addresses). */
    public boolean needsClientIp() {
        for (Group g : groups) {
            for (int v : g.sketchValues) {
                if (v == VALUE_CLIENT_IP) {
                    return true;
                }
            }
        }
        return false;
    }
}

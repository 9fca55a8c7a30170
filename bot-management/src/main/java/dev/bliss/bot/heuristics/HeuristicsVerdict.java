package dev.bliss.bot.heuristics;

/**
 * What {@link UserAgentHeuristics#classify} found for one request: the detection ids of the
 * rules that fired, in configuration order, and whether the user agent looks like a mainstream
 * browser.
 *
 * <p><b>Ownership.</b> Made by {@link UserAgentHeuristics#newVerdict()}, sized for every rule
 * of that instance, so it never overflows; one per event loop, refilled by each
 * {@code classify} call (which clears it first), and keeping the loop's {@link RecentUserAgents}
 * between calls. Not thread-safe. No method allocates; the category strings returned are the
 * loaded rules' own.
 */
public final class HeuristicsVerdict {

    final UserAgentHeuristics owner;
    /** The owner's walks over this loop's recent user agents: a repeated one is not walked again. */
    final RecentUserAgents recent = new RecentUserAgents();
    private final int[] ids;
    private final int[] rules;
    private int count;
    private boolean browserLike;
    private long claims;

    HeuristicsVerdict(UserAgentHeuristics owner, int capacity) {
        this.owner = owner;
        this.ids = new int[capacity];
        this.rules = new int[capacity];
    }

    /** Whether any rule fired: the request is automated as far as heuristics can tell. */
    public boolean automated() {
        return count > 0;
    }

    /**
     * Whether the user agent has a mainstream browser's shape ({@code Mozilla/5.0 (…)}, a
     * WebKit or Gecko engine token, a browser product token) and no user-agent rule fired.
     */
    public boolean browserLike() {
        return browserLike;
    }

    /**
     * The claims the user agent makes ({@link UserAgentHeuristics#withClaims}): bit {@code i}
     * when it contains a pattern of claim {@code i}; 0 when there are no claims.
     */
    public long claims() {
        return claims;
    }

    /** The number of rules that fired. */
    public int count() {
        return count;
    }

    /** The detection id of the {@code i}-th rule that fired, {@code 0 <= i < count()}. */
    public int detectionId(int i) {
        checkIndex(i);
        return ids[i];
    }

    /** The category of the {@code i}-th rule that fired. */
    public String category(int i) {
        checkIndex(i);
        return owner.category(rules[i]);
    }

    /**
     * The backing array of detection ids, valid in {@code [0, count())}; for copying into a
     * field without a call per id. Do not modify.
     */
    public int[] detectionIds() {
        return ids;
    }

    void clear() {
        count = 0;
        browserLike = false;
        claims = 0;
    }

    void claims(long bits) {
        claims = bits;
    }

    void add(int rule, int detectionId) {
        rules[count] = rule;
        ids[count++] = detectionId;
    }

    void browserLike(boolean value) {
        browserLike = value;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("index " + i + " of " + count + " detections");
        }
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("HeuristicsVerdict[");
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? "" : ", ").append(ids[i]).append(' ').append(category(i));
        }
        return b.append(browserLike ? "; browser-like]" : "]").toString();
    }
}

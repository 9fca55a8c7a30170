package dev.bliss.bot.heuristics;

import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The heuristics rules of {@code heuristics.yaml}: user agents of tools, libraries, headless
 * browsers and crawlers, and a few header anomalies, each rule with a stable detection id.
 *
 * <pre>
 *   user agent ──► PatternAutomaton.scan ──► bits: rule patterns, rule excepts, browser shape
 *                  (one pass, every pattern)          │
 *   rules in file order:  patterns rule → fires when its bit is set and its except bit is not
 *                         check rule    → RuleCheck on the user agent (and the request)
 *                                     ──► HeuristicsVerdict: detection ids + browser-like
 * </pre>
 *
 * <p>Patterns are case-insensitive ASCII substrings with optional {@code ^}/{@code $} anchors
 * ({@link PatternAutomaton}); there is no regular expression on the request path. All patterns
 * of all rules, plus the browser-shape tokens, are compiled into one automaton, so the cost of a
 * request is one walk over its user agent plus a loop over the rules, whatever the pattern count.
 * Other components that look for patterns in the user agent (the verified bots' claims) compile
 * theirs into the same automaton with {@link #withClaims}, so a request still costs one walk, and
 * none when its event loop saw the same user agent recently ({@link RecentUserAgents}).
 *
 * <p><b>Threads and allocation.</b> Immutable once loaded; one instance is shared by every event
 * loop. {@code classify} and {@link #browserLike} allocate nothing; each event loop owns its
 * {@link HeuristicsVerdict} from {@link #newVerdict()}.
 */
public final class UserAgentHeuristics {

    /**
     * Rules with patterns take a set bit each, rules with {@code except} one more; the
     * automaton has 64 and four are the browser-shape sets below.
     */
    public static final int MAX_PATTERN_SETS = PatternAutomaton.MAX_SETS - 4;

    private static final int SET_MOZILLA = 63;
    private static final int SET_BROWSER_PREFIX = 62;
    private static final int SET_ENGINE = 61;
    private static final int SET_PRODUCT = 60;
    private static final long BROWSER_SHAPE = 1L << SET_BROWSER_PREFIX | 1L << SET_ENGINE | 1L << SET_PRODUCT;

    // The shape of a mainstream browser's user agent. "mobile/" is the iOS build token
    // (Mobile/15E148) that in-app browsers keep when they drop "Safari/".
    private static final String BROWSER_PREFIX = "^mozilla/5.0 (";
    private static final String[] ENGINE_TOKENS = {"applewebkit/", "gecko/"};
    private static final String[] PRODUCT_TOKENS = {"chrome/", "firefox/", "safari/", "crios/", "fxios/", "mobile/"};

    private static final Pattern CATEGORY = Pattern.compile("[a-z][a-z0-9_]*");

    private static final int KIND_PATTERNS = -1;

    private final PatternAutomaton automaton;
    /** The rules' and shapes' patterns, uncompiled: {@link #withClaims} compiles them with more. */
    private final PatternAutomaton.Builder patterns;
    /** Sets 0..setsUsed-1 are the rules'; claims take the free sets above them when they fit. */
    private final int setsUsed;
    /** Claim {@code i} is set {@code claimShift + i} of {@link #automaton}, when it fits there. */
    private final int claimShift;
    private final long claimMask;
    /** The claims' own automaton when they did not fit beside the rules (a second walk), else null. */
    private final PatternAutomaton claimAutomaton;
    private final List<HeuristicRule> rules;
    private final int[] detectionIds;
    private final String[] categories;
    /** {@link RuleCheck} ordinal, or {@link #KIND_PATTERNS}. */
    private final int[] kinds;
    private final long[] matchBits;
    private final long[] exceptBits;
    /** The rules that look at the user agent only: they decide "browser-like". */
    private final long userAgentRules;

    private UserAgentHeuristics(PatternAutomaton automaton, PatternAutomaton.Builder patterns, int setsUsed,
                                int claimShift, long claimMask, PatternAutomaton claimAutomaton,
                                List<HeuristicRule> rules, long[] matchBits, long[] exceptBits) {
        this.automaton = automaton;
        this.patterns = patterns;
        this.setsUsed = setsUsed;
        this.claimShift = claimShift;
        this.claimMask = claimMask;
        this.claimAutomaton = claimAutomaton;
        this.rules = List.copyOf(rules);
        int n = rules.size();
        this.detectionIds = new int[n];
        this.categories = new String[n];
        this.kinds = new int[n];
        this.matchBits = matchBits;
        this.exceptBits = exceptBits;
        long uaRules = 0;
        for (int i = 0; i < n; i++) {
            HeuristicRule r = rules.get(i);
            detectionIds[i] = r.detectionId();
            categories[i] = r.category();
            kinds[i] = r.check() == null ? KIND_PATTERNS : r.check().ordinal();
            if (r.check() == null || !r.check().needsRequest()) {
                uaRules |= 1L << i;
            }
        }
        this.userAgentRules = uaRules;
    }

    /**
     * Loads the {@code rules} list of a heuristics file's root section. The caller checks the
     * root for unknown keys ({@link HeuristicsConfig} does).
     *
     * @throws ConfigException naming file, line, column and key for: a missing {@code rules}
     *     key, a rule without {@code id} or {@code category}, a duplicate detection id, a rule
     *     with both or neither of {@code patterns} and {@code check}, an unknown check, a
     *     pattern that is not printable ASCII, an unknown key, too many rules
     */
    public static UserAgentHeuristics load(ConfigSection root) throws ConfigException {
        if (!root.has("rules")) {
            throw new ConfigException(root.position(), root.keyPath("rules"), "required key is missing");
        }
        List<ConfigSection> sections = root.sections("rules");
        if (sections.size() > 64) {
            throw root.error("rules", "at most 64 rules, got " + sections.size());
        }
        PatternAutomaton.Builder builder = new PatternAutomaton.Builder();
        builder.add(SET_MOZILLA, "^mozilla/");
        builder.add(SET_BROWSER_PREFIX, BROWSER_PREFIX);
        for (String t : ENGINE_TOKENS) {
            builder.add(SET_ENGINE, t);
        }
        for (String t : PRODUCT_TOKENS) {
            builder.add(SET_PRODUCT, t);
        }

        List<HeuristicRule> rules = new ArrayList<>();
        long[] matchBits = new long[sections.size()];
        long[] exceptBits = new long[sections.size()];
        Map<Integer, ConfigSection> byId = new HashMap<>();
        int nextSet = 0;
        for (ConfigSection r : sections) {
            if (!r.has("id")) {
                throw new ConfigException(r.position(), r.keyPath("id"), "required key is missing");
            }
            long id = r.integer("id", 0L);
            if (id < 1 || id > Integer.MAX_VALUE) {
                throw r.error("id", "a detection id is between 1 and " + Integer.MAX_VALUE + ", got " + id);
            }
            ConfigSection earlier = byId.putIfAbsent((int) id, r);
            if (earlier != null) {
                throw r.error("id", "detection id " + id + " is already used by " + earlier.path()
                        + " (" + earlier.positionOf("id") + ")");
            }
            String category = r.requireString("category");
            if (!CATEGORY.matcher(category).matches()) {
                throw r.error("category", "a category is lower-case snake_case, e.g. http_library; got \"" + category + '"');
            }
            boolean enabled = r.bool("enabled", true);
            List<ConfiguredPattern> patterns = ConfiguredPattern.readList(r, "patterns");
            List<ConfiguredPattern> except = ConfiguredPattern.readList(r, "except");
            String checkName = r.string("check", null);
            r.requireNoUnknownKeys();

            RuleCheck check = null;
            if (checkName != null) {
                check = RuleCheck.byConfigName(checkName);
                if (check == null) {
                    throw r.error("check", "unknown check \"" + checkName + "\" (known: " + checkNames() + ')');
                }
                if (r.has("patterns")) {
                    throw r.error("patterns", "a rule has patterns or a check, not both");
                }
            } else if (patterns.isEmpty()) {
                throw r.has("patterns")
                        ? r.error("patterns", "the list is empty")
                        : new ConfigException(r.position(), r.path(), "a rule needs patterns or a check");
            }
            if (!enabled) {
                continue;
            }
            int index = rules.size();
            int setsNeeded = (patterns.isEmpty() ? 0 : 1) + (except.isEmpty() ? 0 : 1);
            if (nextSet + setsNeeded > MAX_PATTERN_SETS) {
                throw new ConfigException(r.position(), r.path(), "too many rules with patterns or except lists (at most "
                        + MAX_PATTERN_SETS + " pattern sets)");
            }
            if (!patterns.isEmpty()) {
                matchBits[index] = 1L << nextSet;
                for (ConfiguredPattern p : patterns) {
                    builder.add(nextSet, p.text());
                }
                nextSet++;
            }
            if (!except.isEmpty()) {
                exceptBits[index] = 1L << nextSet;
                for (ConfiguredPattern p : except) {
                    builder.add(nextSet, p.text());
                }
                nextSet++;
            }
            rules.add(new HeuristicRule((int) id, category, check, texts(patterns), texts(except)));
        }
        PatternAutomaton automaton;
        try {
            automaton = builder.build();
        } catch (IllegalStateException e) {
            throw root.error("rules", e.getMessage());
        }
        return new UserAgentHeuristics(automaton, builder, nextSet, 0, 0L, null, rules,
                Arrays.copyOf(matchBits, rules.size()), Arrays.copyOf(exceptBits, rules.size()));
    }

    /**
     * These rules with other components' user-agent patterns ("claims") compiled into the same
     * automaton, so that one walk over a user agent answers both: {@link #classify} then reports
     * in {@link HeuristicsVerdict#claims()} bit {@code i} when the user agent contains a pattern
     * of {@code claims.get(i)} (same syntax as the rules' patterns). The verified bots use it
     * for the bot a user agent names. Claims change no rule's outcome.
     *
     * <p>When the rules leave fewer free sets than there are claims (or the two together need
     * more states than an automaton has), the claims get an automaton of their own, walked after
     * the rules' one: the same answers, at the cost of a second walk.
     *
     * @param claims up to 64 lists of patterns; replaces any claims this instance had
     * @throws IllegalArgumentException for more than 64 claims, an empty list or a bad pattern
     * @throws IllegalStateException when the patterns need more automaton states than allowed
     */
    public UserAgentHeuristics withClaims(List<List<String>> claims) {
        if (claims.size() > PatternAutomaton.MAX_SETS) {
            throw new IllegalArgumentException("at most " + PatternAutomaton.MAX_SETS + " claims, got " + claims.size());
        }
        for (List<String> claim : claims) {
            if (claim.isEmpty()) {
                throw new IllegalArgumentException("a claim without patterns");
            }
        }
        if (claims.isEmpty()) {
            return new UserAgentHeuristics(automaton, patterns, setsUsed, 0, 0L, null, rules, matchBits, exceptBits);
        }
        long mask = claims.size() == 64 ? -1L : (1L << claims.size()) - 1;
        if (setsUsed + claims.size() <= MAX_PATTERN_SETS) {
            PatternAutomaton.Builder together = patterns.copy();
            addClaims(together, claims, setsUsed);
            try {
                return new UserAgentHeuristics(together.build(), patterns, setsUsed, setsUsed, mask, null, rules,
                        matchBits, exceptBits);
            } catch (IllegalStateException tooManyStatesTogether) {
                // each fits alone: walk them apart
            }
        }
        PatternAutomaton.Builder apart = new PatternAutomaton.Builder();
        addClaims(apart, claims, 0);
        return new UserAgentHeuristics(automaton, patterns, setsUsed, 0, mask, apart.build(), rules, matchBits,
                exceptBits);
    }

    private static void addClaims(PatternAutomaton.Builder builder, List<List<String>> claims, int firstSet) {
        for (int i = 0; i < claims.size(); i++) {
            for (String p : claims.get(i)) {
                builder.add(firstSet + i, p);
            }
        }
    }

    /** Whether {@link #withClaims} claims are answered by the rules' own walk; for tests and figures. */
    public boolean claimsShareTheWalk() {
        return claimAutomaton == null;
    }

    /** A verdict sized for this instance's rules; one per event loop. */
    public HeuristicsVerdict newVerdict() {
        return new HeuristicsVerdict(this, Math.max(1, rules.size()));
    }

    /**
     * Applies the user-agent rules only (rules whose check needs the request are skipped), for
     * callers that have no request, such as list measurements.
     *
     * @param userAgent the User-Agent header, or {@code null} when absent
     */
    public void classify(CharSequence userAgent, HeuristicsVerdict out) {
        classify(userAgent, null, out);
    }

    /**
     * Applies every rule to one request and fills {@code out} (cleared first).
     *
     * @param userAgent the request's User-Agent header, or {@code null} when absent
     * @param request   the request, for header rules; {@code null} skips them
     * @param out       a verdict from this instance's {@link #newVerdict()}
     */
    public void classify(CharSequence userAgent, RequestView request, HeuristicsVerdict out) {
        if (out.owner != this) {
            throw new IllegalArgumentException("the verdict belongs to another UserAgentHeuristics");
        }
        out.clear();
        boolean blank = isBlank(userAgent);
        long scanned;
        long claimed;
        RecentUserAgents recent = out.recent;
        if (userAgent instanceof String text && recent.find(text)) {
            scanned = recent.sets();
            claimed = recent.claims();
        } else {
            // a blank user agent is walked too when there are claims: a claim may match whitespace
            scanned = userAgent == null || blank && claimMask == 0 ? 0L : automaton.scan(userAgent);
            claimed = claimMask == 0 ? 0L
                    : claimAutomaton == null ? scanned >>> claimShift & claimMask
                    : userAgent == null ? 0L : claimAutomaton.scan(userAgent);
            if (userAgent instanceof String text) {
                recent.remember(text, scanned, claimed);
            }
        }
        out.claims(claimed);
        long sets = blank ? 0L : scanned;
        long uaHits = 0;
        final int n = kinds.length;
        for (int i = 0; i < n; i++) {
            if ((userAgentRules & 1L << i) != 0 && userAgentRuleFires(i, sets, blank)) {
                uaHits |= 1L << i;
            }
        }
        boolean browserLike = (sets & BROWSER_SHAPE) == BROWSER_SHAPE && uaHits == 0;
        out.browserLike(browserLike);
        for (int i = 0; i < n; i++) {
            boolean fires = (uaHits & 1L << i) != 0
                    || (userAgentRules & 1L << i) == 0 && request != null && browserLike
                    && (sets & exceptBits[i]) == 0 && requestRuleFires(kinds[i], request);
            if (fires) {
                out.add(i, detectionIds[i]);
            }
        }
    }

    /**
     * Whether a user agent has a mainstream browser's shape and no user-agent rule fires: the
     * "browser UA" attribute of request events. Allocation-free.
     */
    public boolean browserLike(CharSequence userAgent) {
        if (isBlank(userAgent)) {
            return false;
        }
        long sets = automaton.scan(userAgent);
        if ((sets & BROWSER_SHAPE) != BROWSER_SHAPE) {
            return false;
        }
        for (int i = 0; i < kinds.length; i++) {
            if ((userAgentRules & 1L << i) != 0 && userAgentRuleFires(i, sets, false)) {
                return false;
            }
        }
        return true;
    }

    /** The loaded (enabled) rules, in file order. */
    public List<HeuristicRule> rules() {
        return rules;
    }

    /** Whether a loaded rule reports this detection id; for cross-file uniqueness checks. */
    public boolean usesDetectionId(int id) {
        for (int d : detectionIds) {
            if (d == id) {
                return true;
            }
        }
        return false;
    }

    /** The automaton's state count; for figures. */
    public int automatonStates() {
        return automaton.states();
    }

    String category(int rule) {
        return categories[rule];
    }

    private boolean userAgentRuleFires(int rule, long sets, boolean blank) {
        if ((sets & exceptBits[rule]) != 0) {
            return false;
        }
        int kind = kinds[rule];
        if (kind == KIND_PATTERNS) {
            return (sets & matchBits[rule]) != 0;
        }
        if (kind == RuleCheck.MISSING_USER_AGENT.ordinal()) {
            return blank;
        }
        // NO_MOZILLA_TOKEN, the only other user-agent check
        return !blank && (sets & 1L << SET_MOZILLA) == 0;
    }

    private static boolean requestRuleFires(int kind, RequestView request) {
        if (kind == RuleCheck.BROWSER_WITHOUT_ACCEPT.ordinal()) {
            return request.header("accept") == null
                    && request.header("upgrade") == null
                    && !"CONNECT".contentEquals(request.method());
        }
        // BROWSER_ON_HTTP_1_0
        return request.version() == ProtocolVersion.HTTP_1_0;
    }

    private static boolean isBlank(CharSequence s) {
        if (s == null) {
            return true;
        }
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) > ' ') {
                return false;
            }
        }
        return true;
    }

    private static List<String> texts(List<ConfiguredPattern> patterns) {
        List<String> out = new ArrayList<>(patterns.size());
        for (ConfiguredPattern p : patterns) {
            out.add(p.text());
        }
        return out;
    }

    private static String checkNames() {
        StringBuilder b = new StringBuilder();
        for (RuleCheck c : RuleCheck.values()) {
            b.append(b.isEmpty() ? "" : ", ").append(c.configName());
        }
        return b.toString();
    }
}

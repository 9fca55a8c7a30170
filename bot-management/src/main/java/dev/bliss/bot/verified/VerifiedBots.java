package dev.bliss.bot.verified;

import dev.bliss.bot.consistency.ReusedJa3;
import dev.bliss.bot.consistency.SessionUserAgents;
import dev.bliss.bot.heuristics.ConfiguredPattern;
import dev.bliss.bot.heuristics.PatternAutomaton;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verified bots of {@code verified-bots.yaml}: a request is from a verified bot when its user
 * agent claims the bot and its client address is in the bot's published ranges; a claim from any
 * other address is a fake, reported with a detection id of its own.
 *
 * <pre>
 *   user agent ──► PatternAutomaton.scan ──► bit per bot claimed (usually none, else one)
 *                  (the detector's: the heuristics' walk, see userAgentPatterns)
 *   for each claimed bot, in file order:  IpRanges.contains(client)?  ──► VERIFIED, that bot
 *   claimed but in no claimed bot's ranges                            ──► FAKE, first claimed
 * </pre>
 *
 * <p>Only published ranges are checked. Forward-confirmed reverse DNS (the other method bot
 * operators document) is not implemented; it would run off the event loop behind a cache.
 * The ranges are a snapshot: operators refresh them from each bot's {@code source}.
 *
 * <p><b>Threads and allocation.</b> Immutable once loaded, shared by every event loop;
 * {@link #match} allocates nothing. At most {@value #MAX_BOTS} bots (one bit each).
 */
public final class VerifiedBots {

    public static final int MAX_BOTS = PatternAutomaton.MAX_SETS;
    /** The default detection id of "user agent claims a verified bot from elsewhere". */
    public static final int DEFAULT_FAKE_DETECTION_ID = 301;
    /**
     * Ranges broader than these are refused as mistakes: no bot operator publishes a /7 or a
     * /15, and one would mark a large part of the Internet verified.
     */
    public static final int MIN_IPV4_PREFIX = 8;
    public static final int MIN_IPV6_PREFIX = 16;

    private final PatternAutomaton automaton;
    private final VerifiedBot[] bots;
    private final IpRanges[] ranges;
    private final int fakeDetectionId;

    private VerifiedBots(PatternAutomaton automaton, List<VerifiedBot> bots, int fakeDetectionId) {
        this.automaton = automaton;
        this.bots = bots.toArray(VerifiedBot[]::new);
        this.ranges = new IpRanges[this.bots.length];
        for (int i = 0; i < this.bots.length; i++) {
            ranges[i] = this.bots[i].ranges();
        }
        this.fakeDetectionId = fakeDetectionId;
    }

    /** Reads and validates a verified-bots file. */
    public static VerifiedBots read(Path file) throws ConfigException {
        return load(YamlConfigReader.read(file));
    }

    /**
     * Validates a parsed verified-bots file.
     *
     * @throws ConfigException naming file, line, column and key for: a missing or unknown key,
     *     a duplicate bot name, an unknown category, a bad pattern, a bad or too broad CIDR, a
     *     bot without user-agent patterns or ranges, more than {@value #MAX_BOTS} bots
     */
    public static VerifiedBots load(ConfigSection root) throws ConfigException {
        int fakeId = root.integer("fake_bot_detection_id", DEFAULT_FAKE_DETECTION_ID, 1, Integer.MAX_VALUE);
        if (fakeId == ReusedJa3.DETECTION_ID) {
            throw root.error("fake_bot_detection_id", ReusedJa3.DETECTION_ID + " is reused_chromium_ja3's (heuristics.yaml); choose another");
        }
        if (fakeId == SessionUserAgents.DETECTION_ID) {
            throw root.error("fake_bot_detection_id", SessionUserAgents.DETECTION_ID
                    + " is session_user_agents' (heuristics.yaml); choose another");
        }
        if (!root.has("bots")) {
            throw new ConfigException(root.position(), root.keyPath("bots"), "required key is missing");
        }
        List<ConfigSection> sections = root.sections("bots");
        root.requireNoUnknownKeys();
        if (sections.size() > MAX_BOTS) {
            throw root.error("bots", "at most " + MAX_BOTS + " bots, got " + sections.size());
        }
        PatternAutomaton.Builder automaton = new PatternAutomaton.Builder();
        List<VerifiedBot> bots = new ArrayList<>();
        Map<String, ConfigSection> byName = new HashMap<>();
        for (ConfigSection b : sections) {
            String name = b.requireString("name");
            ConfigSection earlier = byName.putIfAbsent(name.toLowerCase(Locale.ROOT), b);
            if (earlier != null) {
                throw b.error("name", "\"" + name + "\" is already defined at " + earlier.positionOf("name"));
            }
            String categoryText = b.requireString("category");
            VerifiedBotCategory category = VerifiedBotCategory.byText(categoryText);
            if (category == null) {
                throw b.error("category", "unknown category \"" + categoryText + "\" (known: " + categoryNames() + ')');
            }
            if (!b.has("user_agents")) {
                throw new ConfigException(b.position(), b.keyPath("user_agents"), "required key is missing");
            }
            List<ConfiguredPattern> patterns = ConfiguredPattern.readList(b, "user_agents");
            if (patterns.isEmpty()) {
                throw b.error("user_agents", "the list is empty");
            }
            IpRanges ranges = readRanges(b);
            String source = b.string("source", "");
            String asOf = b.string("ranges_as_of", "");
            b.requireNoUnknownKeys();
            List<String> texts = new ArrayList<>();
            for (ConfiguredPattern p : patterns) {
                automaton.add(bots.size(), p.text());
                texts.add(p.text());
            }
            bots.add(new VerifiedBot(name, category, texts, ranges, source, asOf));
        }
        try {
            return new VerifiedBots(automaton.build(), bots, fakeId);
        } catch (IllegalStateException e) {
            throw root.error("bots", e.getMessage());
        }
    }

    /**
     * Checks whether the user agent claims a verified bot and, if so, whether the address is
     * the bot's. Fills {@code out} (cleared first). Allocation-free.
     *
     * @param userAgent the User-Agent header, or {@code null}
     * @param client    the client address (after trusted-proxy handling)
     */
    public void match(CharSequence userAgent, IpAddress client, VerifiedBotVerdict out) {
        match(userAgent == null ? 0L : automaton.scan(userAgent), client, out);
    }

    /**
     * {@link #match(CharSequence, IpAddress, VerifiedBotVerdict)} for a user agent already
     * walked: {@code claimed} has bit {@code i} when it contains a pattern of bot {@code i},
     * which is what {@link dev.bliss.bot.heuristics.HeuristicsVerdict#claims()} reports for
     * heuristics made {@code withClaims(userAgentPatterns())}. Allocation-free.
     */
    public void match(long claimed, IpAddress client, VerifiedBotVerdict out) {
        out.clear();
        if (claimed == 0) {
            return;
        }
        long high = client.high();
        long low = client.low();
        for (long m = claimed; m != 0; m &= m - 1) {
            int i = Long.numberOfTrailingZeros(m);
            if (ranges[i].contains(high, low)) {
                out.set(VerifiedBotVerdict.Outcome.VERIFIED, bots[i], 0);
                return;
            }
        }
        out.set(VerifiedBotVerdict.Outcome.FAKE, bots[Long.numberOfTrailingZeros(claimed)], fakeDetectionId);
    }

    /** The detection id reported for a claim from outside the ranges. */
    public int fakeDetectionId() {
        return fakeDetectionId;
    }

    /**
     * Each bot's user-agent patterns, in file order: the claims to compile into the heuristics'
     * automaton ({@link dev.bliss.bot.heuristics.UserAgentHeuristics#withClaims}), so that one
     * walk over a user agent serves the rules and the bots.
     */
    public List<List<String>> userAgentPatterns() {
        List<List<String>> out = new ArrayList<>(bots.length);
        for (VerifiedBot b : bots) {
            out.add(b.userAgents());
        }
        return List.copyOf(out);
    }

    /** The bots, in file order. */
    public List<VerifiedBot> bots() {
        return List.of(bots);
    }

    private static IpRanges readRanges(ConfigSection b) throws ConfigException {
        ConfigNode node = b.node("ranges");
        String key = b.keyPath("ranges");
        if (node == null) {
            throw new ConfigException(b.position(), key, "required key is missing (published IP ranges; "
                    + "reverse-DNS verification is not implemented)");
        }
        if (!(node instanceof ConfigNode.Sequence seq)) {
            throw b.error("ranges", "expected a list of CIDR prefixes, got " + node.kind());
        }
        if (seq.items().isEmpty()) {
            throw b.error("ranges", "the list is empty");
        }
        IpRanges.Builder ranges = new IpRanges.Builder();
        for (int i = 0; i < seq.items().size(); i++) {
            ConfigNode item = seq.items().get(i);
            String path = key + '[' + i + ']';
            if (!(item instanceof ConfigNode.Scalar s) || s.text() == null) {
                throw new ConfigException(item.position(), path, "expected a CIDR prefix, got " + item.kind());
            }
            IpRanges.Cidr cidr;
            try {
                cidr = IpRanges.Cidr.parse(s.text().trim());
            } catch (IllegalArgumentException e) {
                throw new ConfigException(item.position(), path, "bad CIDR \"" + s.text() + "\": " + e.getMessage());
            }
            int min = cidr.ipv4() ? MIN_IPV4_PREFIX : MIN_IPV6_PREFIX;
            if (cidr.writtenLength() < min) {
                throw new ConfigException(item.position(), path, "\"" + s.text() + "\" is broader than /" + min
                        + ", which no bot publishes");
            }
            ranges.add(cidr);
        }
        return ranges.build();
    }

    private static String categoryNames() {
        StringBuilder b = new StringBuilder();
        for (VerifiedBotCategory c : VerifiedBotCategory.values()) {
            b.append(b.isEmpty() ? "" : ", ").append(c.text());
        }
        return b.toString();
    }
}

package dev.bliss.bot.heuristics;

import dev.bliss.bot.consistency.ReusedJa3;
import dev.bliss.bot.consistency.SessionUserAgents;
import dev.bliss.bot.consistency.TlsStacks;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;

/**
 * The whole of {@code heuristics.yaml}: the user-agent and header rules, the static-resource
 * extensions, the TLS stacks known by their JA4, and the two checks that read the feature store
 * (a reused JA3, a session under many user agents). Loaded at startup and on reload, off the
 * event loop; every part is immutable and shared by every event loop.
 *
 * <pre>
 *   rules:                 → {@link UserAgentHeuristics}
 *   static_resources:
 *     extensions: […]      → {@link StaticResources}
 *   tls_stacks: […]        → {@link TlsStacks}
 *   reused_chromium_ja3:   → {@link ReusedJa3}
 *     min_addresses: 3
 *   session_user_agents:   → {@link SessionUserAgents}
 *     min_user_agents: 4
 *     max_addresses: 3
 * </pre>
 */
public record HeuristicsConfig(UserAgentHeuristics userAgents, StaticResources staticResources, TlsStacks tlsStacks,
                               ReusedJa3 reusedJa3, SessionUserAgents sessionUserAgents) {

    /** Reads and validates a heuristics file. */
    public static HeuristicsConfig read(Path file) throws ConfigException {
        return load(YamlConfigReader.read(file));
    }

    /** Validates a parsed heuristics file; an unknown top-level key is an error. */
    public static HeuristicsConfig load(ConfigSection root) throws ConfigException {
        UserAgentHeuristics userAgents = UserAgentHeuristics.load(root);
        StaticResources statics = StaticResources.load(root.section("static_resources"));
        TlsStacks stacks = TlsStacks.load(root);
        ReusedJa3 reusedJa3 = ReusedJa3.load(root);
        if (reusedJa3.enabled() && userAgents.usesDetectionId(ReusedJa3.DETECTION_ID)) {
            throw root.error("rules", "detection id " + ReusedJa3.DETECTION_ID + " is reused_chromium_ja3's; give the rule another id");
        }
        SessionUserAgents sessionUserAgents = SessionUserAgents.load(root);
        if (sessionUserAgents.enabled() && userAgents.usesDetectionId(SessionUserAgents.DETECTION_ID)) {
            throw root.error("rules", "detection id " + SessionUserAgents.DETECTION_ID
                    + " is session_user_agents'; give the rule another id");
        }
        root.requireNoUnknownKeys();
        return new HeuristicsConfig(userAgents, statics, stacks, reusedJa3, sessionUserAgents);
    }
}

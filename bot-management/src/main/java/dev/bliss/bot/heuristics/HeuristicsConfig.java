package dev.bliss.bot.heuristics;

import dev.bliss.bot.consistency.TlsStacks;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;

/**
 * The whole of {@code heuristics.yaml}: the user-agent and header rules, and the static-resource
 * extensions. Loaded at startup and on reload, off the event loop; both parts are immutable and
 * shared by every event loop.
 *
 * <pre>
 *   rules:             → {@link UserAgentHeuristics}
 *   static_resources:
 *     extensions: […]  → {@link StaticResources}
 *   tls_stacks: […]    → {@link TlsStacks}
 * </pre>
 */
public record HeuristicsConfig(UserAgentHeuristics userAgents, StaticResources staticResources, TlsStacks tlsStacks) {

    /** Reads and validates a heuristics file. */
    public static HeuristicsConfig read(Path file) throws ConfigException {
        return load(YamlConfigReader.read(file));
    }

    /** Validates a parsed heuristics file; an unknown top-level key is an error. */
    public static HeuristicsConfig load(ConfigSection root) throws ConfigException {
        UserAgentHeuristics userAgents = UserAgentHeuristics.load(root);
        StaticResources statics = StaticResources.load(root.section("static_resources"));
        TlsStacks stacks = TlsStacks.load(root);
        root.requireNoUnknownKeys();
        return new HeuristicsConfig(userAgents, statics, stacks);
    }
}

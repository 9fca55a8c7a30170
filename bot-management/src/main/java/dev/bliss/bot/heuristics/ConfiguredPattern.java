package dev.bliss.bot.heuristics;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * A user-agent pattern as written in a configuration file, with where it was written, so that a
 * bad pattern is reported at its own line and column ({@code rules[3].patterns[7]}), not at
 * its list. Syntax: {@link PatternAutomaton}. Startup only.
 */
public record ConfiguredPattern(String text, Position position, String keyPath) {

    /**
     * Reads a list of patterns (a single scalar counts as a list of one), checking each one's
     * syntax. An absent key is an empty list.
     */
    public static List<ConfiguredPattern> readList(ConfigSection section, String key) throws ConfigException {
        ConfigNode node = section.node(key);
        List<ConfiguredPattern> out = new ArrayList<>();
        switch (node) {
            case null -> {
                return out;
            }
            case ConfigNode.Scalar s when s.text() == null -> {
                return out;
            }
            case ConfigNode.Scalar s -> out.add(new ConfiguredPattern(s.text(), s.position(), section.keyPath(key)));
            case ConfigNode.Sequence seq -> {
                for (int i = 0; i < seq.items().size(); i++) {
                    ConfigNode item = seq.items().get(i);
                    String path = section.keyPath(key) + '[' + i + ']';
                    if (!(item instanceof ConfigNode.Scalar s) || s.text() == null) {
                        throw new ConfigException(item.position(), path, "expected a pattern, got " + item.kind());
                    }
                    out.add(new ConfiguredPattern(s.text(), s.position(), path));
                }
            }
            case ConfigNode.Mapping m -> throw section.error(key, "expected a list of patterns, got a mapping");
        }
        for (ConfiguredPattern p : out) {
            String problem = PatternAutomaton.Builder.problem(p.text);
            if (problem != null) {
                throw p.error(problem);
            }
        }
        return out;
    }

    /** An error about this pattern, at its position. */
    public ConfigException error(String reason) {
        return new ConfigException(position, keyPath, reason);
    }
}

package dev.bliss.plugin.config;

import java.util.List;
import java.util.Map;

/**
 * A parsed configuration value with the position it was written at. Readers of YAML (module
 * config-yaml) produce this tree; {@link ConfigSection} gives typed, validated access to it.
 * Scalars keep their source text: typing happens where the key is read, so the error can say
 * which type the key wanted.
 */
public sealed interface ConfigNode {

    Position position();

    /** A scalar as written; {@code null} text for YAML's null. */
    record Scalar(String text, Position position) implements ConfigNode {
    }

    /** An ordered mapping; {@code keyPositions} holds where each key was written. */
    record Mapping(Map<String, ConfigNode> entries, Map<String, Position> keyPositions, Position position)
            implements ConfigNode {

        public Mapping {
            entries = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(entries));
            keyPositions = Map.copyOf(keyPositions);
        }
    }

    record Sequence(List<ConfigNode> items, Position position) implements ConfigNode {

        public Sequence {
            items = List.copyOf(items);
        }
    }

    /** A short name of the node's kind for error messages. */
    default String kind() {
        return switch (this) {
            case Scalar s -> s.text() == null ? "null" : "a scalar";
            case Mapping m -> "a mapping";
            case Sequence s -> "a list";
        };
    }
}

package dev.bliss.plugin.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, validating access to one mapping of a configuration file.
 *
 * <p>Every getter records the key it read. After a component has read its section it calls
 * {@link #requireNoUnknownKeys()}: a key nobody read is a typo or a setting this version does not
 * have, and is reported with its position and the keys that exist. Errors name file, line, column
 * and the dotted key path.
 *
 * <p>Startup and reload only; not thread-safe, never used on a request path.
 */
public final class ConfigSection {

    private final ConfigNode.Mapping mapping;
    private final String path;
    private final Set<String> read = new LinkedHashSet<>();

    public ConfigSection(ConfigNode.Mapping mapping, String path) {
        this.mapping = mapping;
        this.path = path;
    }

    /** An empty section standing for an absent key; its errors point at {@code where}. */
    public static ConfigSection empty(Position where, String path) {
        return new ConfigSection(new ConfigNode.Mapping(Map.of(), Map.of(), where), path);
    }

    /**
     * Wraps a document's root node, which must be a mapping (an empty document is an empty
     * section).
     */
    public static ConfigSection root(ConfigNode node) throws ConfigException {
        return switch (node) {
            case ConfigNode.Mapping m -> new ConfigSection(m, "");
            case ConfigNode.Scalar s when s.text() == null -> empty(s.position(), "");
            default -> throw new ConfigException(node.position(), "", "expected a mapping at the top, got " + node.kind());
        };
    }

    /** The dotted path of this section from the document root; empty for the root. */
    public String path() {
        return path;
    }

    public Position position() {
        return mapping.position();
    }

    public boolean has(String key) {
        return mapping.entries().containsKey(key);
    }

    /** The keys present, in file order. Reading them does not mark them as read. */
    public Set<String> keys() {
        return Collections.unmodifiableSet(mapping.entries().keySet());
    }

    /** Where a key was written, or this section's position when it is absent. */
    public Position positionOf(String key) {
        Position p = mapping.keyPositions().get(key);
        return p != null ? p : mapping.position();
    }

    public String keyPath(String key) {
        return path.isEmpty() ? key : path + '.' + key;
    }

    /** An error about {@code key} of this section. */
    public ConfigException error(String key, String reason) {
        ConfigNode node = mapping.entries().get(key);
        Position at = node != null ? node.position() : positionOf(key);
        return new ConfigException(at, keyPath(key), reason);
    }

    public String string(String key, String defaultValue) throws ConfigException {
        String text = scalar(key);
        return text != null ? text : defaultValue;
    }

    public String requireString(String key) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            throw missing(key);
        }
        return text;
    }

    public long integer(String key, long defaultValue) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw error(key, "expected an integer, got \"" + text + '"');
        }
    }

    /** An integer within {@code [min, max]}. */
    public int integer(String key, int defaultValue, int min, int max) throws ConfigException {
        long value = integer(key, (long) defaultValue);
        if (value < min || value > max) {
            throw error(key, "must be between " + min + " and " + max + ", got " + value);
        }
        return (int) value;
    }

    public double number(String key, double defaultValue) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw error(key, "expected a number, got \"" + text + '"');
        }
    }

    public boolean bool(String key, boolean defaultValue) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            return defaultValue;
        }
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(key, "expected true or false, got \"" + text + '"');
        };
    }

    /**
     * A duration written as a number and a unit: {@code 250ms}, {@code 30s}, {@code 10m},
     * {@code 1h}, {@code 1d}. A bare number is refused: the unit is never guessed.
     */
    public Duration duration(String key, Duration defaultValue) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            return defaultValue;
        }
        Duration d = DurationText.parse(text);
        if (d == null) {
            throw error(key, "expected a duration such as 250ms, 30s, 10m or 1h, got \"" + text + '"');
        }
        return d;
    }

    /**
     * A size in bytes: a whole number, or one with B, KB, MB or GB (powers of 1024):
     * {@code 65536}, {@code 64KB}, {@code 100MB}, {@code 1GB}.
     */
    public long byteSize(String key, long defaultValue) throws ConfigException {
        String text = scalar(key);
        if (text == null) {
            return defaultValue;
        }
        long bytes = ByteSizeText.parse(text);
        if (bytes < 0) {
            throw error(key, "not a size: \"" + text + "\" (bytes, or a number with KB, MB or GB)");
        }
        return bytes;
    }

    /** One of {@code allowed}, compared exactly. */
    public String oneOf(String key, String defaultValue, String... allowed) throws ConfigException {
        String text = string(key, defaultValue);
        for (String a : allowed) {
            if (a.equals(text)) {
                return text;
            }
        }
        throw error(key, "expected one of " + String.join(", ", allowed) + ", got \"" + text + '"');
    }

    /** A list of scalars; a single scalar is accepted as a list of one. Absent: empty. */
    public List<String> strings(String key) throws ConfigException {
        ConfigNode node = take(key);
        if (node == null || node instanceof ConfigNode.Scalar s && s.text() == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        switch (node) {
            case ConfigNode.Scalar s -> out.add(s.text());
            case ConfigNode.Sequence seq -> {
                for (ConfigNode item : seq.items()) {
                    if (!(item instanceof ConfigNode.Scalar s) || s.text() == null) {
                        throw new ConfigException(item.position(), keyPath(key), "expected a list of values, got " + item.kind());
                    }
                    out.add(s.text());
                }
            }
            case ConfigNode.Mapping m -> throw error(key, "expected a list of values, got a mapping");
        }
        return out;
    }

    /** A nested mapping; absent gives an empty section. */
    public ConfigSection section(String key) throws ConfigException {
        ConfigNode node = take(key);
        if (node == null || node instanceof ConfigNode.Scalar s && s.text() == null) {
            return empty(positionOf(key), keyPath(key));
        }
        if (node instanceof ConfigNode.Mapping m) {
            return new ConfigSection(m, keyPath(key));
        }
        throw error(key, "expected a mapping, got " + node.kind());
    }

    /** A list of mappings; absent gives an empty list. */
    public List<ConfigSection> sections(String key) throws ConfigException {
        ConfigNode node = take(key);
        if (node == null || node instanceof ConfigNode.Scalar s && s.text() == null) {
            return List.of();
        }
        if (!(node instanceof ConfigNode.Sequence seq)) {
            throw error(key, "expected a list, got " + node.kind());
        }
        List<ConfigSection> out = new ArrayList<>(seq.items().size());
        for (int i = 0; i < seq.items().size(); i++) {
            ConfigNode item = seq.items().get(i);
            String itemPath = keyPath(key) + '[' + i + ']';
            if (!(item instanceof ConfigNode.Mapping m)) {
                throw new ConfigException(item.position(), itemPath, "expected a mapping, got " + item.kind());
            }
            out.add(new ConfigSection(m, itemPath));
        }
        return out;
    }

    /** A mapping from names to scalars (for example named lists or header values). */
    public Map<String, String> stringMap(String key) throws ConfigException {
        ConfigSection section = section(key);
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : section.keys()) {
            out.put(k, section.requireString(k));
        }
        return out;
    }

    /** The raw node of a key, marked as read; for values whose shape varies. */
    public ConfigNode node(String key) {
        return take(key);
    }

    /**
     * Fails on the first key of this section that no getter read, naming the keys that were read
     * (those are the ones this version knows).
     */
    public void requireNoUnknownKeys() throws ConfigException {
        for (String key : mapping.entries().keySet()) {
            if (!read.contains(key)) {
                Set<String> known = new TreeSet<>(read);
                throw new ConfigException(positionOf(key), keyPath(key),
                        "unknown key" + (known.isEmpty() ? "" : " (known here: " + String.join(", ", known) + ')'));
            }
        }
    }

    /**
     * Like {@link #requireNoUnknownKeys()} but against an explicit list, for sections whose keys
     * are read conditionally.
     */
    public void requireOnlyKeys(String... known) throws ConfigException {
        Set<String> allowed = Set.of(known);
        for (String key : mapping.entries().keySet()) {
            if (!allowed.contains(key)) {
                throw new ConfigException(positionOf(key), keyPath(key),
                        "unknown key (known here: " + String.join(", ", new TreeSet<>(allowed)) + ')');
            }
        }
        read.addAll(mapping.entries().keySet());
    }

    private ConfigNode take(String key) {
        read.add(key);
        return mapping.entries().get(key);
    }

    private String scalar(String key) throws ConfigException {
        ConfigNode node = take(key);
        if (node == null) {
            return null;
        }
        if (node instanceof ConfigNode.Scalar s) {
            return s.text();
        }
        throw error(key, "expected a value, got " + node.kind());
    }

    private ConfigException missing(String key) {
        return new ConfigException(mapping.position(), keyPath(key), "required key is missing");
    }
}

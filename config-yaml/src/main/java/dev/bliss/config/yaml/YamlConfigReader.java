package dev.bliss.config.yaml;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Reads a YAML document into a {@link ConfigNode} tree that remembers where every key and value
 * was written, so configuration errors can name file, line and column.
 *
 * <p>Only the YAML that configuration needs is accepted: mappings with scalar keys, lists and
 * scalars. A duplicate key, an alias loop, a non-scalar key or a syntax error is a
 * {@link ConfigException} at its position. Stateless and thread-safe.
 */
public final class YamlConfigReader {

    /** Documents larger than this are refused before parsing: configuration is never this big. */
    private static final int MAX_CODE_POINTS = 16 * 1024 * 1024;

    private YamlConfigReader() {
    }

    /** Reads a file's root mapping. */
    public static ConfigSection read(Path file) throws ConfigException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(Position.builtIn(name), "", "file not found");
        } catch (IOException e) {
            throw new ConfigException(Position.builtIn(name), "", "cannot read: " + e.getMessage());
        }
        return ConfigSection.root(parse(name, text));
    }

    /** Parses text that came from {@code name} (a file name or a description). */
    public static ConfigNode parse(String name, String text) throws ConfigException {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(name)
                .setAllowDuplicateKeys(false)
                .setAllowRecursiveKeys(false)
                .setCodePointLimit(MAX_CODE_POINTS)
                .build();
        Optional<Node> root;
        try (Reader reader = new StringReader(text)) {
            root = new Compose(settings).composeReader(reader);
        } catch (MarkedYamlEngineException e) {
            Mark mark = e.getProblemMark().or(e::getContextMark).orElse(null);
            throw new ConfigException(position(name, mark), "", "invalid YAML: " + e.getProblem());
        } catch (YamlEngineException | IOException e) {
            throw new ConfigException(Position.builtIn(name), "", "invalid YAML: " + e.getMessage());
        }
        if (root.isEmpty()) {
            return new ConfigNode.Scalar(null, new Position(name, 1, 1));
        }
        return convert(name, root.get(), 0);
    }

    private static ConfigNode convert(String name, Node node, int depth) throws ConfigException {
        Position at = position(name, node.getStartMark().orElse(null));
        if (depth > 64) {
            throw new ConfigException(at, "", "nested too deeply");
        }
        return switch (node) {
            case ScalarNode scalar -> new ConfigNode.Scalar(Tag.NULL.equals(scalar.getTag()) ? null : scalar.getValue(), at);
            case SequenceNode seq -> {
                List<ConfigNode> items = new ArrayList<>(seq.getValue().size());
                for (Node item : seq.getValue()) {
                    items.add(convert(name, item, depth + 1));
                }
                yield new ConfigNode.Sequence(items, at);
            }
            case MappingNode map -> {
                Map<String, ConfigNode> entries = new LinkedHashMap<>();
                Map<String, Position> keys = new LinkedHashMap<>();
                for (NodeTuple tuple : map.getValue()) {
                    Position keyAt = position(name, tuple.getKeyNode().getStartMark().orElse(null));
                    if (!(tuple.getKeyNode() instanceof ScalarNode key) || Tag.NULL.equals(key.getTag())) {
                        throw new ConfigException(keyAt, "", "a key must be a plain value");
                    }
                    if (entries.containsKey(key.getValue())) {
                        throw new ConfigException(keyAt, key.getValue(), "duplicate key (first at line " + keys.get(key.getValue()).line() + ')');
                    }
                    entries.put(key.getValue(), convert(name, tuple.getValueNode(), depth + 1));
                    keys.put(key.getValue(), keyAt);
                }
                yield new ConfigNode.Mapping(entries, keys, at);
            }
            default -> throw new ConfigException(at, "", "unsupported YAML node");
        };
    }

    private static Position position(String name, Mark mark) {
        return mark == null ? Position.builtIn(name) : new Position(name, mark.getLine() + 1, mark.getColumn() + 1);
    }
}

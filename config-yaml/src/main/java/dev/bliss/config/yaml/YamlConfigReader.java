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
import java.util.function.UnaryOperator;
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
 *
 * <p>Values may refer to environment variables, {@code ${NAME}} and {@code ${NAME:-default}}
 * ({@link EnvironmentSubstitution}); an unset variable without a default is an error at the
 * value's position naming the variable. Keys are taken as written.
 */
public final class YamlConfigReader {

    /** Documents larger than this are refused before parsing: configuration is never this big. */
    private static final int MAX_CODE_POINTS = 16 * 1024 * 1024;

    private YamlConfigReader() {
    }

    /** Reads a file's root mapping, with this process's environment for {@code ${NAME}}. */
    public static ConfigSection read(Path file) throws ConfigException {
        return read(file, System::getenv);
    }

    /**
     * Reads a file's root mapping with no environment substitution: every {@code ${...}} stays as
     * written, for files whose values carry templates of their own (a rules file's block bodies
     * name {@code ${request_id}} and {@code ${rule_id}}).
     */
    public static ConfigSection readVerbatim(Path file) throws ConfigException {
        return read(file, null);
    }

    /**
     * Reads a file's root mapping; {@code environment} answers {@code ${NAME}} (null from it: unset;
     * a null {@code environment}: no substitution at all).
     */
    public static ConfigSection read(Path file, UnaryOperator<String> environment) throws ConfigException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(Position.builtIn(name), "", "file not found");
        } catch (IOException e) {
            throw new ConfigException(Position.builtIn(name), "", "cannot read: " + e.getMessage());
        }
        return ConfigSection.root(parse(name, text, environment));
    }

    /** Parses text that came from {@code name} (a file name or a description), with this process's environment. */
    public static ConfigNode parse(String name, String text) throws ConfigException {
        return parse(name, text, System::getenv);
    }

    /** Parses text that came from {@code name}; {@code environment} answers {@code ${NAME}} (null: unset). */
    public static ConfigNode parse(String name, String text, UnaryOperator<String> environment) throws ConfigException {
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
        return convert(name, root.get(), "", 0, new EnvironmentSubstitution(environment));
    }

    private static ConfigNode convert(String name, Node node, String path, int depth, EnvironmentSubstitution env)
            throws ConfigException {
        Position at = position(name, node.getStartMark().orElse(null));
        if (depth > 64) {
            throw new ConfigException(at, "", "nested too deeply");
        }
        return switch (node) {
            case ScalarNode scalar -> new ConfigNode.Scalar(
                    Tag.NULL.equals(scalar.getTag()) ? null : env.apply(scalar.getValue(), at, path), at);
            case SequenceNode seq -> {
                List<ConfigNode> items = new ArrayList<>(seq.getValue().size());
                for (Node item : seq.getValue()) {
                    items.add(convert(name, item, path + '[' + items.size() + ']', depth + 1, env));
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
                    String keyPath = path.isEmpty() ? key.getValue() : path + '.' + key.getValue();
                    entries.put(key.getValue(), convert(name, tuple.getValueNode(), keyPath, depth + 1, env));
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

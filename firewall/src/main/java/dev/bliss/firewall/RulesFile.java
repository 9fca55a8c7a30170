package dev.bliss.firewall;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigNode;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.config.Position;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The content of a rules file (config/rules.yaml), read and validated but not compiled:
 *
 * <pre>
 * lists:                                  # optional named lists for "in $name", see NamedLists
 *   office_networks: {type: ip, items: [192.0.2.0/24]}
 * rules:                                  # evaluated in this order
 *   - id: block-scripts                   # required, unique: letters, digits, _ . : -
 *     description: Scripted clients       # optional
 *     expression: bot.score lt 30 and not bot.verified
 *     action: block                       # block | challenge | log | skip | allow
 *     status: 403                         # block only (default 403)
 *     content_type: text/plain            # block only
 *     body: "Forbidden (${request_id})\n" # block only; ${request_id} and ${rule_id} are replaced
 *     difficulty: 18                      # challenge only: proof-of-work bits (default: challenge.difficulty)
 *     enabled: true                       # default true
 *   - id: skip-monitoring
 *     expression: ip.src in $office_networks
 *     action: skip
 *     skip_rules: [block-scripts]         # skip only; absent: skip all remaining rules
 * </pre>
 *
 * Unknown keys are errors; every error names file, line, column and key. A file must say
 * {@code rules:} with a list: an empty file, or one without the key, is refused rather than read
 * as "no rules" (a deploy that truncated the file would otherwise turn every rule off); a file
 * that means it writes {@code rules: []}.
 */
public record RulesFile(List<RuleDefinition> rules, NamedLists lists) {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}");

    public RulesFile {
        rules = List.copyOf(rules);
    }

    public static RulesFile read(Path file) throws ConfigException {
        // verbatim: block bodies are templates whose ${request_id} and ${rule_id} are not variables
        return read(YamlConfigReader.readVerbatim(file));
    }

    public static RulesFile read(ConfigSection root) throws ConfigException {
        NamedLists lists = NamedLists.read(root.section("lists"));
        List<ConfigSection> sections = root.sections("rules");
        root.requireNoUnknownKeys();
        refuseUnsaidEmptiness(root);
        List<RuleDefinition> rules = new ArrayList<>();
        Map<String, Position> ids = new HashMap<>();
        for (ConfigSection s : sections) {
            RuleDefinition d = rule(s);
            Position previous = ids.putIfAbsent(d.id(), s.positionOf("id"));
            if (previous != null) {
                throw s.error("id", "duplicate rule id \"" + d.id() + "\" (first at line " + previous.line() + ')');
            }
            rules.add(d);
        }
        return new RulesFile(rules, lists);
    }

    /**
     * A file without a {@code rules} list (empty, truncated by a bad deploy, or {@code rules:}
     * with nothing after it) would turn every rule off, silently: that takes {@code rules: []}.
     */
    private static void refuseUnsaidEmptiness(ConfigSection root) throws ConfigException {
        ConfigNode node = root.node("rules");
        if (node == null || node instanceof ConfigNode.Scalar scalar && scalar.text() == null) {
            throw root.error("rules", (node == null ? "no rules key" : "rules has no value")
                    + ": a rules file with no rules turns every rule off; write \"rules: []\" to mean that");
        }
    }

    private static RuleDefinition rule(ConfigSection s) throws ConfigException {
        String id = s.requireString("id");
        if (!ID.matcher(id).matches()) {
            throw s.error("id", "a rule id is 1 to 64 letters, digits, _ . : - (starting with a letter or digit), got \"" + id + '"');
        }
        String description = s.string("description", "");
        ConfigNode expressionNode = s.node("expression");
        if (expressionNode == null) {
            throw s.error("expression", "required key is missing");
        }
        if (!(expressionNode instanceof ConfigNode.Scalar scalar) || scalar.text() == null || scalar.text().isBlank()) {
            throw s.error("expression", "expected an expression, got " + (expressionNode instanceof ConfigNode.Scalar ? "nothing" : expressionNode.kind()));
        }
        if (s.string("action", null) == null) {
            throw s.error("action", "required key is missing (one of block, challenge, log, skip, allow)");
        }
        Action action = Action.byConfigName(s.oneOf("action", null, "block", "challenge", "log", "skip", "allow"));
        boolean enabled = s.bool("enabled", true);
        LocalResponse response = null;
        List<String> skip = List.of();
        int difficulty = RuleDefinition.DEFAULT_DIFFICULTY;
        switch (action) {
            case BLOCK -> {
                int status = s.integer("status", LocalResponse.DEFAULT_BLOCK_STATUS, 100, 599);
                String contentType = s.string("content_type", LocalResponse.DEFAULT_CONTENT_TYPE);
                String body = s.string("body", LocalResponse.DEFAULT_BLOCK_BODY);
                try {
                    response = new LocalResponse(status, contentType, body);
                } catch (IllegalArgumentException e) {
                    throw s.error("body", e.getMessage());
                }
            }
            case SKIP -> skip = s.strings("skip_rules");
            case CHALLENGE -> {
                if (s.has("difficulty")) {
                    difficulty = s.integer("difficulty", 0, 0, RuleDefinition.MAX_DIFFICULTY);
                }
            }
            default -> {
            }
        }
        s.requireNoUnknownKeys();
        return new RuleDefinition(id, description, scalar.text(), action, enabled, response, skip, s.position(), expressionNode.position(),
                difficulty);
    }
}

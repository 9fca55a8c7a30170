package dev.bliss.firewall;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.Position;

/**
 * A rules file that cannot be loaded: a configuration error (unknown key, bad action, duplicate
 * id, bad list item) or an expression that does not compile. The message starts with the file
 * position and key, names the rule, and for an expression ends with wirefilter's error:
 *
 * <pre>
 * config/rules.yaml:14:17: rules[1].expression (rule "block-scripts"): Filter parsing error (1:25):
 * bot.score lt 30 and not bot.verifed
 *                         ^^^^^^^^^^^ unknown identifier; did you mean bot.verified?
 * </pre>
 */
public final class RulesException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Position position;
    private final String key;
    private final String ruleId;
    private final transient FilterException filterError;

    private RulesException(Position position, String key, String ruleId, String reason, FilterException filterError, Throwable cause) {
        super(position + ": " + key + (ruleId != null ? " (rule \"" + ruleId + "\")" : "") + (key.isEmpty() && ruleId == null ? "" : ": ") + reason,
                cause);
        this.position = position;
        this.key = key;
        this.ruleId = ruleId;
        this.filterError = filterError;
    }

    static RulesException of(ConfigException e) {
        return new RulesException(e.position(), e.key(), null, e.reason(), null, e);
    }

    static RulesException of(ConfigException e, String ruleId) {
        return new RulesException(e.position(), e.key(), ruleId, e.reason(), null, e);
    }

    static RulesException expression(Position at, String key, String ruleId, FilterException e) {
        return new RulesException(at, key, ruleId, e.getMessage(), e, e);
    }

    static RulesException rule(Position at, String key, String ruleId, String reason) {
        return new RulesException(at, key, ruleId, reason, null, null);
    }

    /** Where in the file: the rule's expression for an expression error, else the offending key. */
    public Position position() {
        return position;
    }

    /** The dotted key path, e.g. {@code rules[2].expression}. */
    public String key() {
        return key;
    }

    /** The id of the rule at fault, or null when the error is not in a rule. */
    public String ruleId() {
        return ruleId;
    }

    /** The expression error (line and column within the expression), or null. */
    public FilterException filterError() {
        return filterError;
    }
}

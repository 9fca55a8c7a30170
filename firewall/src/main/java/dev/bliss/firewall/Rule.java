package dev.bliss.firewall;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.plugin.config.Position;
import java.util.List;
import java.util.Set;

/**
 * One compiled rule of a {@link RuleSet}, as configured: id, description, expression, action and
 * its parameters. Immutable.
 */
public final class Rule {

    private final int index;
    private final String id;
    private final String description;
    private final String expression;
    private final Action action;
    private final LocalResponse response;
    private final List<String> skipRules;
    private final Position position;
    private final Set<String> usedFields;
    private final int difficulty;

    Rule(int index, RuleDefinition d, Set<String> usedFields) {
        this.index = index;
        this.id = d.id();
        this.description = d.description();
        this.expression = d.expression();
        this.action = d.action();
        this.response = d.action() == Action.BLOCK ? (d.response() != null ? d.response() : LocalResponse.DEFAULT_BLOCK) : null;
        this.skipRules = d.skipRules();
        this.position = d.position();
        this.usedFields = Set.copyOf(usedFields);
        this.difficulty = d.difficulty();
    }

    /**
     * For {@code challenge}: the proof of work's leading zero bits this rule asks for, or
     * {@link RuleDefinition#DEFAULT_DIFFICULTY} for the configured default.
     */
    public int difficulty() {
        return difficulty;
    }

    /** Position among the rule set's (enabled) rules, from 0: the index of its counters. */
    public int index() {
        return index;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public String expression() {
        return expression;
    }

    public Action action() {
        return action;
    }

    /** The answer of a {@code block} rule; null for other actions (a challenge answers for itself). */
    public LocalResponse response() {
        return response;
    }

    /** For {@code skip}: the ids it skips; empty means all remaining rules. */
    public List<String> skipRules() {
        return skipRules;
    }

    /** Where the rule is written; {@link Position#builtIn} for rules made in code. */
    public Position position() {
        return position;
    }

    /** The fields this rule's expression reads (canonical names). */
    public Set<String> usedFields() {
        return usedFields;
    }

    @Override
    public String toString() {
        return id + " (" + action.configName() + ')';
    }
}

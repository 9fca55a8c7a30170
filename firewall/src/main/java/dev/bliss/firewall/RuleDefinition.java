package dev.bliss.firewall;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.plugin.config.Position;
import java.util.List;
import java.util.Objects;

/**
 * A rule as written, before compilation: read from rules.yaml by {@link RulesFile} or made in code.
 *
 * @param response    for {@code block}: the answer, or null for the default 403
 * @param skipRules   for {@code skip}: rule ids to skip; empty skips all remaining rules
 * @param position    where the rule is written (errors point there)
 * @param expressionPosition where its expression is written
 * @param difficulty  for {@code challenge}: the proof of work's leading zero bits, or
 *                    {@link #DEFAULT_DIFFICULTY} for the challenge section's default
 */
public record RuleDefinition(String id, String description, String expression, Action action, boolean enabled,
                             LocalResponse response, List<String> skipRules, Position position, Position expressionPosition,
                             int difficulty) {

    /** A challenge rule without its own difficulty uses the configured default. */
    public static final int DEFAULT_DIFFICULTY = -1;
    /** The most leading zero bits a rule may ask for (2^32 hashes: hours for a browser). */
    public static final int MAX_DIFFICULTY = 32;

    public RuleDefinition(String id, String description, String expression, Action action, boolean enabled,
                          LocalResponse response, List<String> skipRules, Position position, Position expressionPosition) {
        this(id, description, expression, action, enabled, response, skipRules, position, expressionPosition, DEFAULT_DIFFICULTY);
    }

    public RuleDefinition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(action, "action");
        description = description == null ? "" : description;
        skipRules = skipRules == null ? List.of() : List.copyOf(skipRules);
        position = position == null ? Position.builtIn("rule " + id) : position;
        expressionPosition = expressionPosition == null ? position : expressionPosition;
        if (difficulty != DEFAULT_DIFFICULTY && (difficulty < 0 || difficulty > MAX_DIFFICULTY)) {
            throw new IllegalArgumentException("difficulty must be 0 to " + MAX_DIFFICULTY + ", got " + difficulty);
        }
    }

    /** An enabled rule made in code, with default parameters. */
    public static RuleDefinition of(String id, String expression, Action action) {
        return new RuleDefinition(id, "", expression, action, true, null, List.of(), null, null);
    }

    public RuleDefinition withResponse(LocalResponse r) {
        return new RuleDefinition(id, description, expression, action, enabled, r, skipRules, position, expressionPosition, difficulty);
    }

    public RuleDefinition withSkipRules(List<String> ids) {
        return new RuleDefinition(id, description, expression, action, enabled, response, ids, position, expressionPosition, difficulty);
    }

    public RuleDefinition withDifficulty(int bits) {
        return new RuleDefinition(id, description, expression, action, enabled, response, skipRules, position, expressionPosition, bits);
    }

    public RuleDefinition disabled() {
        return new RuleDefinition(id, description, expression, action, false, response, skipRules, position, expressionPosition, difficulty);
    }
}

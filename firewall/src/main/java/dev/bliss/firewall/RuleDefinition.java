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
 */
public record RuleDefinition(String id, String description, String expression, Action action, boolean enabled,
                             LocalResponse response, List<String> skipRules, Position position, Position expressionPosition) {

    public RuleDefinition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(action, "action");
        description = description == null ? "" : description;
        skipRules = skipRules == null ? List.of() : List.copyOf(skipRules);
        position = position == null ? Position.builtIn("rule " + id) : position;
        expressionPosition = expressionPosition == null ? position : expressionPosition;
    }

    /** An enabled rule made in code, with default parameters. */
    public static RuleDefinition of(String id, String expression, Action action) {
        return new RuleDefinition(id, "", expression, action, true, null, List.of(), null, null);
    }

    public RuleDefinition withResponse(LocalResponse r) {
        return new RuleDefinition(id, description, expression, action, enabled, r, skipRules, position, expressionPosition);
    }

    public RuleDefinition withSkipRules(List<String> ids) {
        return new RuleDefinition(id, description, expression, action, enabled, response, ids, position, expressionPosition);
    }

    public RuleDefinition disabled() {
        return new RuleDefinition(id, description, expression, action, false, response, skipRules, position, expressionPosition);
    }
}

package dev.bliss.proxy.exchange;

import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleEvaluator;
import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.proxy.rules.RuleSetHolder;

/**
 * The firewall stage: evaluates the rules in force on the request's fields and answers blocked
 * and challenged requests here, before any origin is contacted (WebSocket handshakes included).
 * A reload is picked up at the next request: the loop's evaluator is rebuilt when the holder's
 * rule set changed.
 *
 * <p>One per event loop.
 */
final class FirewallGate {

    private final RuleSetHolder rules;
    private RuleEvaluator evaluator;

    /** @param rules the rules, or {@code null} when none are configured (everything passes) */
    FirewallGate(RuleSetHolder rules) {
        this.rules = rules;
    }

    /** @return whether the request goes on to its origin (else it has been answered) */
    boolean letsThrough(Exchange e) {
        if (rules == null) {
            return true;
        }
        RuleSet set = rules.current();
        if (evaluator == null || evaluator.ruleSet() != set) {
            evaluator = set.newEvaluator();
        }
        Decision decision = evaluator.evaluate(e.view, e.fields);
        Rule deciding = decision.rule();
        if (deciding != null) {
            e.ruleId = deciding.id();
            e.action = outcome(deciding.action());
        } else if (decision.loggedCount() > 0) {
            e.ruleId = decision.logged(0).id();
            e.action = FirewallAction.LOG;
        }
        if (!decision.verdict().answersLocally()) {
            return true;
        }
        LocalResponse response = decision.response();
        e.path.answers().rule(e, response, decision.verdict() == Verdict.BLOCK ? "blocked" : "challenged");
        return false;
    }

    private static FirewallAction outcome(Action action) {
        return switch (action) {
            case BLOCK -> FirewallAction.BLOCK;
            case CHALLENGE -> FirewallAction.CHALLENGE;
            case LOG -> FirewallAction.LOG;
            case SKIP -> FirewallAction.SKIP;
            case ALLOW -> FirewallAction.ALLOW;
        };
    }
}

package dev.bliss.proxy.exchange;

import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.firewall.RuleEvaluator;
import dev.bliss.firewall.RuleSet;
import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.proxy.challenge.ChallengeGate;
import dev.bliss.proxy.pipeline.HostHeaderNames;
import dev.bliss.proxy.rules.RuleSetHolder;

/**
 * The firewall stage: evaluates the rules in force on the request's fields and answers blocked
 * and challenged requests here, before any origin is contacted (WebSocket handshakes included);
 * a challenge is the browser challenge's page or short 403 ({@link ChallengeGate}).
 * A reload is picked up at the next request: the loop's evaluator is rebuilt when the holder's
 * rule set changed.
 *
 * <p>One per event loop.
 */
final class FirewallGate {

    private final RuleSetHolder rules;
    private final ChallengeGate challenge;
    private RuleEvaluator evaluator;

    /**
     * @param rules     the rules, or {@code null} when none are configured (everything passes)
     * @param challenge this loop's browser challenge, which challenge rules answer with (and which
     *                  lets a request with a valid clearance through them)
     */
    FirewallGate(RuleSetHolder rules, ChallengeGate challenge) {
        this.rules = rules;
        this.challenge = challenge;
    }

    /** @return whether the request goes on to its origin (else it has been answered) */
    boolean letsThrough(Exchange e) {
        if (rules == null) {
            return true;
        }
        RuleSet set = rules.current();
        if (evaluator == null || evaluator.ruleSet() != set) {
            evaluator = set.newEvaluator(challenge, HostHeaderNames::resolve);
        }
        challenge.startEvaluation();
        Decision decision = evaluator.evaluate(e.view, e.fields);
        if (challenge.cleared()) {
            e.challenge = ChallengeOutcome.CLEARED;
        }
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
        if (decision.verdict() == Verdict.CHALLENGE) {
            e.path.answers().challenge(e, challenge.respond(e.view, deciding));
            return false;
        }
        LocalResponse response = decision.response();
        e.path.answers().rule(e, response, "blocked");
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

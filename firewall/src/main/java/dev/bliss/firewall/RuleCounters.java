package dev.bliss.firewall;

import dev.bliss.firewall.action.Action;
import java.util.List;

/**
 * A snapshot of a rule set's counters, summed over its evaluators: per rule how often it was
 * evaluated and matched (a rule's matches count under its action), and for challenge rules how
 * often the client had already passed. Each value is eventually up to date; the snapshot is not
 * atomic across rules or loops. Immutable.
 */
public final class RuleCounters {

    private final List<Rule> rules;
    private final long[] evaluated;
    private final long[] matched;
    private final long[] challengesPassed;

    RuleCounters(List<Rule> rules, long[] evaluated, long[] matched, long[] challengesPassed) {
        this.rules = rules;
        this.evaluated = evaluated;
        this.matched = matched;
        this.challengesPassed = challengesPassed;
    }

    public List<Rule> rules() {
        return rules;
    }

    public long evaluated(int ruleIndex) {
        return evaluated[ruleIndex];
    }

    public long matched(int ruleIndex) {
        return matched[ruleIndex];
    }

    /** For a challenge rule: matches where the client had passed the challenge (not answered). */
    public long challengesPassed(int ruleIndex) {
        return challengesPassed[ruleIndex];
    }

    /** Matches of all rules with this action. */
    public long matched(Action action) {
        long sum = 0;
        for (Rule r : rules) {
            if (r.action() == action) {
                sum += matched[r.index()];
            }
        }
        return sum;
    }
}

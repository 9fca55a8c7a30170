package dev.bliss.firewall;

import dev.bliss.firewall.action.LocalResponse;
import dev.bliss.firewall.action.Verdict;
import java.util.List;

/**
 * The outcome of one {@link RuleEvaluator#evaluate}: the verdict, the rule that decided it and
 * the response to send, plus every {@code log} rule that matched on the way.
 *
 * <p><b>Ownership:</b> the evaluator's, reused for every request: read it before the next
 * evaluation on the same loop, copy what must outlive that. Not thread-safe.
 */
public final class Decision {

    private final List<Rule> rules;
    private final int[] logged;
    private int loggedCount;
    private Verdict verdict = Verdict.NONE;
    private Rule rule;
    private LocalResponse response;
    private boolean skippedRemaining;

    Decision(List<Rule> rules) {
        this.rules = rules;
        this.logged = new int[rules.size()];
    }

    void reset() {
        verdict = Verdict.NONE;
        rule = null;
        response = null;
        loggedCount = 0;
        skippedRemaining = false;
    }

    void log(int ruleIndex) {
        logged[loggedCount++] = ruleIndex;
    }

    void decide(Verdict v, Rule r) {
        verdict = v;
        rule = r;
    }

    void skipRemaining() {
        skippedRemaining = true;
    }

    /**
     * Sets the local response; called for {@code block} rules by the evaluator and by a
     * {@link dev.bliss.firewall.action.Challenge} that challenges.
     */
    public void respond(LocalResponse r) {
        response = r;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Whether the request was answered with a challenge. */
    public boolean challenged() {
        return verdict == Verdict.CHALLENGE;
    }

    /** The rule whose terminating action decided the verdict; null for {@link Verdict#NONE}. */
    public Rule rule() {
        return rule;
    }

    /** {@link #rule()}'s id, or null. */
    public String ruleId() {
        return rule == null ? null : rule.id();
    }

    /** What to answer for {@link Verdict#BLOCK} and {@link Verdict#CHALLENGE}; null otherwise. */
    public LocalResponse response() {
        return verdict.answersLocally() ? response : null;
    }

    /** How many {@code log} rules matched, in evaluation order. */
    public int loggedCount() {
        return loggedCount;
    }

    /** The {@code i}-th matching {@code log} rule. */
    public Rule logged(int i) {
        if (i >= loggedCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return rules.get(logged[i]);
    }

    /** Whether a {@code skip} rule without a list ended evaluation early. */
    public boolean skippedRemaining() {
        return skippedRemaining;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(verdict.name().toLowerCase());
        if (rule != null) {
            b.append(" by ").append(rule.id());
        }
        for (int i = 0; i < loggedCount; i++) {
            b.append(i == 0 ? ", logged " : " ").append(rules.get(logged[i]).id());
        }
        return b.toString();
    }
}

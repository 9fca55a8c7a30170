package dev.bliss.firewall;

import dev.bliss.firewall.action.Action;
import dev.bliss.firewall.action.Challenge;
import dev.bliss.firewall.action.Verdict;
import dev.bliss.firewall.compile.BoolNode;
import dev.bliss.firewall.eval.ExecutionContext;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.function.Function;

/**
 * Runs a {@link RuleSet} against requests: the rules in order, the first terminating action
 * deciding, {@code log} matches recorded, {@code skip} honoured.
 *
 * <pre>
 *   for each rule, unless skipped:
 *     evaluated++ ; no match → next
 *     matched++ ; log → record, next ; skip → mark listed rules (or stop: all remaining)
 *     allow → ALLOW ; block → BLOCK + response ; challenge → ask the Challenge:
 *        CHALLENGED → CHALLENGE + its response ; PASSED → next
 *   then: firewall.action / firewall.rule_id fields ← the terminating rule, else the first log match
 * </pre>
 *
 * <p><b>Thread and ownership:</b> one evaluator per event loop, used by that loop only; it owns
 * the execution buffers, the reusable {@link Decision} and its counters. <b>Allocation:</b> none
 * per request once its buffers have grown to the longest values seen.
 *
 * <p><b>Counters</b> are plain per-loop arrays written with opaque stores (a single writer, no
 * fence, never torn) and read by {@link RuleSet#counters()} with opaque loads from any thread: a
 * snapshot is eventually up to date and not atomic across rules.
 */
public final class RuleEvaluator {

    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);

    private final RuleSet set;
    private final Challenge challenge;
    private final BoolNode[] roots;
    private final Action[] actions;
    private final ExecutionContext context;
    private final SchemeGuard guard;
    private final Decision decision;
    private final long[] skipped;
    private final long[] evaluated;
    private final long[] matched;
    private final long[] passed;

    RuleEvaluator(RuleSet set, Challenge challenge, Function<String, HeaderName> headerNames) {
        this.set = set;
        this.challenge = challenge;
        this.roots = set.roots;
        this.actions = set.actions;
        this.context = new ExecutionContext(set.layout, headerNames);
        this.guard = new SchemeGuard(set.scheme());
        this.decision = new Decision(set.rules());
        int n = roots.length;
        this.skipped = new long[(n + 63) >>> 6];
        this.evaluated = new long[n];
        this.matched = new long[n];
        this.passed = new long[n];
    }

    public RuleSet ruleSet() {
        return set;
    }

    /**
     * Evaluates the rules for one request. {@code fields} holds what the detectors found; the
     * request fields are read from {@code request} as rules need them.
     *
     * @return this evaluator's decision, valid until the next call
     * @throws IllegalArgumentException when {@code fields} is a table of another scheme
     */
    public Decision evaluate(RequestView request, Fields fields) {
        guard.check(fields);
        context.begin(request, fields);
        decision.reset();
        Arrays.fill(skipped, 0L);
        int n = roots.length;
        rules:
        for (int i = 0; i < n; i++) {
            if ((skipped[i >>> 6] & 1L << i) != 0) {
                continue;
            }
            increment(evaluated, i);
            if (!roots[i].test(context)) {
                continue;
            }
            increment(matched, i);
            switch (actions[i]) {
                case LOG -> decision.log(i);
                case SKIP -> {
                    long[] mask = set.skipMasks[i];
                    if (mask == null) {
                        decision.skipRemaining();
                        break rules;
                    }
                    for (int w = 0; w < mask.length; w++) {
                        skipped[w] |= mask[w];
                    }
                }
                case ALLOW -> {
                    decision.decide(Verdict.ALLOW, set.rules().get(i));
                    break rules;
                }
                case BLOCK -> {
                    decision.decide(Verdict.BLOCK, set.rules().get(i));
                    decision.respond(set.rules().get(i).response());
                    break rules;
                }
                case CHALLENGE -> {
                    if (challenge.challenge(request, fields, set.rules().get(i), decision) == Challenge.Outcome.CHALLENGED) {
                        decision.decide(Verdict.CHALLENGE, set.rules().get(i));
                        break rules;
                    }
                    increment(passed, i);
                }
            }
        }
        writeFields(fields);
        return decision;
    }

    private void writeFields(Fields fields) {
        if (set.actionField == null && set.ruleIdField == null) {
            return;
        }
        int rule;
        Action action;
        if (decision.rule() != null) {
            rule = decision.rule().index();
            action = decision.rule().action();
        } else if (decision.loggedCount() > 0) {
            rule = decision.logged(0).index();
            action = Action.LOG;
        } else {
            if (set.actionField != null) {
                fields.clear(set.actionField);
            }
            if (set.ruleIdField != null) {
                fields.clear(set.ruleIdField);
            }
            return;
        }
        if (set.actionField != null) {
            byte[] name = set.actionNames[action.ordinal()];
            fields.set(set.actionField, name, 0, name.length);
        }
        if (set.ruleIdField != null) {
            byte[] id = set.ruleIds[rule];
            fields.set(set.ruleIdField, id, 0, id.length);
        }
    }

    private static void increment(long[] counters, int i) {
        // single writer: a plain read and an opaque write suffice; readers use opaque loads
        COUNTER.setOpaque(counters, i, counters[i] + 1);
    }

    void addCountersTo(long[] evaluatedSum, long[] matchedSum, long[] passedSum) {
        for (int i = 0; i < evaluated.length; i++) {
            evaluatedSum[i] += (long) COUNTER.getOpaque(evaluated, i);
            matchedSum[i] += (long) COUNTER.getOpaque(matched, i);
            passedSum[i] += (long) COUNTER.getOpaque(passed, i);
        }
    }
}

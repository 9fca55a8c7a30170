package dev.bliss.firewall.action;

import dev.bliss.firewall.Decision;
import dev.bliss.firewall.Rule;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.field.Fields;

/**
 * What a {@code challenge} rule does to a request that matched it. Today's implementation,
 * {@link ForbiddenChallenge}, always answers 403 with a plain explanation; a browser challenge
 * (a page the client must solve, and a clearance it presents afterwards) replaces it later without
 * touching the rules or the evaluator.
 * The proxy's browser challenge ({@code dev.bliss.proxy.challenge.ChallengeGate}) is one.
 *
 * <p><b>Thread and ownership:</b> one instance per evaluator ({@code RuleSet.newEvaluator(Challenge)}),
 * so per event loop; called on that loop, must not block, should not allocate in steady state.
 */
public interface Challenge {

    /** Whether the challenge answered the request or let it go on. */
    enum Outcome {
        /** The request is answered with the challenge; evaluation stops (terminating). */
        CHALLENGED,
        /** The client has already passed the challenge; evaluation goes on with the next rule. */
        PASSED
    }

    /**
     * Decides a request that matched {@code rule}. On {@link Outcome#CHALLENGED} it must have set
     * the response with {@link Decision#respond(LocalResponse)}. {@code fields} are the request's
     * (what the detectors and the host found, e.g. a clearance), read-only here.
     */
    Outcome challenge(RequestView request, Fields fields, Rule rule, Decision decision);
}

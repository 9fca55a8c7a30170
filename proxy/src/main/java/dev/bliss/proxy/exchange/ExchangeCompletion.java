package dev.bliss.proxy.exchange;

import dev.bliss.plugin.ChallengeOutcome;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.FirewallAction;

/**
 * The {@link Completion} handed to detectors in the log phase: one per pooled
 * {@link Exchange}, filled when the exchange ends, so the log phase allocates nothing.
 *
 * <p>Event-loop only.
 */
final class ExchangeCompletion implements Completion {

    int status;
    String ruleId;
    FirewallAction action = FirewallAction.NONE;
    String localReason;
    long durationNanos;
    ChallengeOutcome challenge = ChallengeOutcome.NONE;

    @Override
    public int status() {
        return status;
    }

    @Override
    public CharSequence ruleId() {
        return ruleId;
    }

    @Override
    public FirewallAction action() {
        return action;
    }

    @Override
    public CharSequence localReason() {
        return localReason;
    }

    @Override
    public long durationNanos() {
        return durationNanos;
    }

    @Override
    public ChallengeOutcome challenge() {
        return challenge;
    }
}

package dev.bliss.proxy.challenge;

import dev.bliss.challenge.ClearanceStatus;
import dev.bliss.plugin.ChallengeOutcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The challenge's meters:
 *
 * <pre>
 *   bliss_challenge_outcomes_total{rule,outcome}   issued | solved | failed | replayed, by challenging rule
 *   bliss_challenge_failures_total{reason}         why solutions were refused (tampered, stale, wrong_work, …)
 *   bliss_challenge_clearances_total{status}       clearance cookies seen: valid, expired, other_prefix, …
 *   bliss_challenge_solve_seconds                  time to solve, as the page measured it
 *   bliss_challenge_solve_hashes                   hashes the page tried (the solving counter + 1): with the
 *                                                  time, the client's hash rate
 * </pre>
 *
 * A refused solution whose nonce did not verify names no rule it could be trusted for: it counts
 * under {@code rule="unknown"}, so a forger cannot make label values. Counters are resolved once
 * per (rule, outcome) and cached; thread-safe.
 */
public final class ChallengeMetrics {

    public static final String UNKNOWN_RULE = "unknown";
    /** The outcomes counted by rule ({@code cleared} is per request: {@code clearances_total{status="valid"}}). */
    private static final ChallengeOutcome[] COUNTED = {
            ChallengeOutcome.ISSUED, ChallengeOutcome.SOLVED, ChallengeOutcome.FAILED, ChallengeOutcome.REPLAYED};

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, Counter[]> outcomes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counter> failures = new ConcurrentHashMap<>();
    private final Counter[] clearances = new Counter[ClearanceStatus.values().length];
    private final DistributionSummary solveSeconds;
    private final DistributionSummary solveHashes;

    public ChallengeMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (ClearanceStatus s : ClearanceStatus.values()) {
            clearances[s.ordinal()] = Counter.builder("bliss_challenge_clearances")
                    .description("Clearance cookies presented, by what they turned out to be")
                    .tag("status", s.name().toLowerCase(Locale.ROOT)).register(registry);
        }
        this.solveSeconds = DistributionSummary.builder("bliss_challenge_solve_seconds")
                .description("Time the challenge page took to solve, as measured by the page")
                .baseUnit("seconds").register(registry);
        this.solveHashes = DistributionSummary.builder("bliss_challenge_solve_hashes")
                .description("SHA-256 hashes the challenge page tried before it found the solution").register(registry);
    }

    /** Counts one of {@link #COUNTED}'s outcomes under {@code rule}. */
    public void outcome(String rule, ChallengeOutcome outcome) {
        outcomes.computeIfAbsent(rule, r -> {
            Counter[] byOutcome = new Counter[ChallengeOutcome.values().length];
            for (ChallengeOutcome o : COUNTED) {
                byOutcome[o.ordinal()] = Counter.builder("bliss_challenge_outcomes")
                        .description("Browser challenges issued, solved, failed and replayed, by rule")
                        .tag("rule", r).tag("outcome", o.text()).register(registry);
            }
            return byOutcome;
        })[outcome.ordinal()].increment();
    }

    public void failure(String reason) {
        failures.computeIfAbsent(reason, r -> Counter.builder("bliss_challenge_failures")
                .description("Challenge solutions refused, by reason").tag("reason", r).register(registry)).increment();
    }

    /** Allocation-free: one pre-registered counter per status. */
    public void clearance(ClearanceStatus status) {
        clearances[status.ordinal()].increment();
    }

    public void solved(double seconds, long hashes) {
        solveSeconds.record(seconds);
        solveHashes.record(hashes);
    }
}

package dev.bliss.training.data;

import dev.bliss.plugin.ChallengeOutcome;

/**
 * Labels from the browser challenge, for a site without ground truth ({@code bliss train --labels
 * challenge}): the one label a real operator gets for free, because a browser solves the challenge
 * and a script does not. The proxy logs a submitted solution's own request with its whole feature
 * vector and its outcome, so that request is the labelled row:
 *
 * <pre>
 *   challenge: solved    label 0 (a person: its browser did the proof of work and passed the checks)   population challenge_solved
 *   challenge: failed    label 1 (automated: a wrong or stale proof of work, a forged nonce, a failed check) population challenge_failed
 *   anything else        no label: the row is left out
 * </pre>
 *
 * Left out on purpose: {@code issued} (a person may simply leave the page, so an unanswered
 * challenge says nothing certain), {@code replayed} (a genuine nonce from another client: whose
 * features would the row hold?), and {@code cleared} (the many later requests of a solved client:
 * they would outweigh the solves themselves). The labels are noisy in the ways the challenge is:
 * a script that drives a real browser can solve it, and a person whose browser fails a required
 * check is labelled automated. Stateless.
 */
public final class ChallengeLabels implements RequestLabels {

    public static final String SOLVED_POPULATION = "challenge_solved";
    public static final String FAILED_POPULATION = "challenge_failed";

    private static final Truth SOLVED = new Truth(SOLVED_POPULATION, false);
    private static final Truth FAILED = new Truth(FAILED_POPULATION, true);

    @Override
    public Truth of(DetectionRecord record) {
        return switch (record.challenge()) {
            case SOLVED -> SOLVED;
            case FAILED -> FAILED;
            case NONE, ISSUED, CLEARED, REPLAYED -> null;
        };
    }

    @Override
    public String source() {
        return "the challenge outcomes (solved, failed)";
    }

    /** Whether {@code outcome} labels a row: the outcomes the detection log keeps past its sampling. */
    public static boolean labels(ChallengeOutcome outcome) {
        return outcome.isLabel();
    }
}

package dev.bliss.training.report;

import dev.bliss.plugin.ScoreSource;

/**
 * bliss's bot score of a probability of automation: {@code clamp(round(99 − 98p), 1, 99)}, low =
 * automated, as bot-management's scorer maps it. "Bot at threshold t" means score below t.
 */
public final class BotScore {

    private BotScore() {
    }

    /**
     * The probability above which the score is below {@code threshold}: score {@code < t} exactly
     * when {@code 99 − 98p < t − 0.5} ({@code Math.round} takes a half up).
     */
    public static double probabilityBelow(int threshold) {
        return (99 - (threshold - 0.5)) / 98;
    }

    public static int of(double probability) {
        long s = Math.round(99 - 98 * probability);
        return (int) Math.max(1, Math.min(99, s));
    }

    /**
     * The score the proxy sends in x-bot-score (its final decision): 1 where heuristics or a
     * verified bot decided, else the model's.
     */
    public static int sent(ScoreSource source, int modelScore) {
        return source.overridesModel() ? 1 : modelScore;
    }
}

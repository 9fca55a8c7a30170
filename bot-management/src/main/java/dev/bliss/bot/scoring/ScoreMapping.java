package dev.bliss.bot.scoring;

/**
 * From a Logloss model's raw value to the bot score.
 *
 * <pre>
 *   p     = 1 / (1 + e^-raw)                     probability that the request is automated
 *   score = clamp(round(99 - 98 p), 1, 99)       1 = certainly automated, 99 = certainly human
 * </pre>
 *
 * Low means automated, as in Cloudflare's bot score; 0 is reserved for "not computed" (no model,
 * or a failed or non-finite prediction). The map is linear in p, decreasing, and uses the whole
 * range: p = 0 gives 99, p = 0.5 gives 50, p = 1 gives 1; each score step is about 1 % of
 * probability, so a firewall threshold such as {@code bot.score lt 30} reads as "p above about
 * 0.7". The raw value is what the CatBoost JNI returns (scale and bias applied, no sigmoid);
 * the sigmoid is CatBoost's own for Logloss and CrossEntropy. Pure functions, no allocation.
 */
public final class ScoreMapping {

    public static final int NOT_COMPUTED = 0;
    public static final int MOST_AUTOMATED = 1;
    public static final int MOST_HUMAN = 99;

    private ScoreMapping() {
    }

    /** The probability of automation for a raw Logloss value; NaN stays NaN. */
    public static double probability(double raw) {
        return 1.0 / (1.0 + Math.exp(-raw));
    }

    /** The score 1–99 for a probability in [0, 1]; {@link #NOT_COMPUTED} for anything else (NaN). */
    public static int score(double probability) {
        if (!(probability >= 0.0 && probability <= 1.0)) {
            return NOT_COMPUTED;
        }
        return Math.clamp(Math.round(99.0 - 98.0 * probability), MOST_AUTOMATED, MOST_HUMAN);
    }

    /** {@code score(probability(raw))}. */
    public static int scoreOfRaw(double raw) {
        return score(probability(raw));
    }
}

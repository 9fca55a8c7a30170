package dev.bliss.plugin;

/**
 * The scale of {@code bot.score}: from a model's raw value, or its probability of automation, to
 * the score 1 (automated) to 99 (human), low meaning automated as in Cloudflare's bot score; 0 is
 * reserved for "not computed" (no model, or a failed or non-finite prediction). Here, in the SPI,
 * because bot management scores with it and the trainer calibrates and evaluates against it, and
 * neither depends on the other.
 *
 * <pre>
 *   p     = 1 / (1 + e^-raw)                                 probability that the request is automated
 *   odds  = p / (1 - p)                                      = e^raw
 *   score = clamp(round(29.5 - 10 log10(odds / ODDS_AT_30)), 1, 99)      ODDS_AT_30 = 69.5 / 28.5
 * </pre>
 *
 * A scale of odds, fixed by one point and a slope. The line operators write,
 * {@code bot.score lt 30}, is crossed where p passes 69.5/98 (about 0.709), where the linear scale
 * before it put the line, so a model the trainer calibrated for that line (it anchors a stated
 * precision there) keeps its meaning. And ten points are a factor of ten in the odds of
 * automation: {@code bot.score lt 40} asks for a tenth of the odds {@code lt 30} asks for (p above
 * about 0.196), {@code lt 50} a hundredth (p above about 0.024), {@code lt 20} ten times them (p
 * above about 0.961); 99 is p below about 3·10<sup>-7</sup>, 1 is p above about 0.9994.
 *
 * <p>Why odds and not p: a model is sure of most people, at p of 10<sup>-3</sup> to
 * 10<sup>-6</sup> (its raw value −7 to −14), and the scale this replaced, linear in p
 * ({@code 99 − 98p}), gave every one of them 99, together with any bot the model ranked just
 * above them but below its line: the order the model knew did not reach the header, and no rule
 * could use it. On a scale of odds a stricter rule ({@code bot.score lt 50} on a sign-in page)
 * catches what the model put between, at a price an operator can read off the scale. The figures
 * on both scales are in training/README.md, "The score's scale".
 *
 * <p>Pure functions, no allocation. The raw value is what the CatBoost JNI returns for a Logloss
 * or CrossEntropy model (scale and bias applied, no sigmoid), so the score is computed from it
 * directly, without the sigmoid and its rounding near 0 and 1.
 */
public final class ScoreMapping {

    public static final int NOT_COMPUTED = 0;
    public static final int MOST_AUTOMATED = 1;
    public static final int MOST_HUMAN = 99;

    /** The odds of automation at which the score crosses 30 (p = 69.5/98). */
    public static final double ODDS_AT_30 = 69.5 / 28.5;

    private static final double RAW_AT_30 = Math.log(ODDS_AT_30);
    /** Score points per unit of raw value (natural log-odds): ten per factor of ten. */
    private static final double POINTS_PER_RAW = 10 / Math.log(10);

    private ScoreMapping() {
    }

    /** The probability of automation for a raw Logloss value; NaN stays NaN. */
    public static double probability(double raw) {
        return 1.0 / (1.0 + Math.exp(-raw));
    }

    /** The score 1–99 for a raw Logloss value (±∞ included); {@link #NOT_COMPUTED} for NaN. */
    public static int scoreOfRaw(double raw) {
        if (Double.isNaN(raw)) {
            return NOT_COMPUTED;
        }
        // round(x) < 30 exactly when x < 29.5, that is when raw > RAW_AT_30
        return Math.clamp(Math.round(29.5 - POINTS_PER_RAW * (raw - RAW_AT_30)), MOST_AUTOMATED, MOST_HUMAN);
    }

    /** The score 1–99 for a probability in [0, 1]; {@link #NOT_COMPUTED} for anything else (NaN). */
    public static int score(double probability) {
        if (!(probability >= 0.0 && probability <= 1.0)) {
            return NOT_COMPUTED;
        }
        // the log-odds; log1p keeps its precision near 0, and 0 and 1 give -∞ and +∞
        return scoreOfRaw(Math.log(probability) - Math.log1p(-probability));
    }

    /**
     * The probability above which the score is below {@code threshold} (2 to 99): what a rule
     * {@code bot.score lt threshold} asks of the model's probability. 69.5/98 for 30.
     */
    public static double probabilityBelow(int threshold) {
        if (threshold <= MOST_AUTOMATED || threshold > MOST_HUMAN) {
            throw new IllegalArgumentException("a threshold between 2 and 99 has probabilities on both sides, got " + threshold);
        }
        // round(x) < t exactly when x < t − 0.5
        return probability(RAW_AT_30 + (29.5 - (threshold - 0.5)) / POINTS_PER_RAW);
    }
}

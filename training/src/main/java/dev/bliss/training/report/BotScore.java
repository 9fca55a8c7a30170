package dev.bliss.training.report;

import dev.bliss.plugin.ScoreMapping;
import dev.bliss.plugin.ScoreSource;

/**
 * The trainer's view of bliss's bot score: the model's score on the plugin API's scale
 * ({@link ScoreMapping}, the one bot management scores with), and the score the proxy sends after
 * heuristics and verified bots. Low = automated; "bot at threshold t" means score below t.
 */
public final class BotScore {

    private BotScore() {
    }

    /** The probability above which the score is below {@code threshold}. */
    public static double probabilityBelow(int threshold) {
        return ScoreMapping.probabilityBelow(threshold);
    }

    public static int of(double probability) {
        return ScoreMapping.score(probability);
    }

    /**
     * The score the proxy sends in x-bot-score (its final decision): 1 where heuristics or a
     * verified bot decided, else the model's.
     */
    public static int sent(ScoreSource source, int modelScore) {
        return source.overridesModel() ? 1 : modelScore;
    }
}

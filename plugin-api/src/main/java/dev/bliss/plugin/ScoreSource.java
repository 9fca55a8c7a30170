package dev.bliss.plugin;

import dev.bliss.plugin.field.Symbol;

/**
 * Which engine decided {@code bot.score}: the values of the field {@code bot.score_source}, of
 * the metrics {@code bliss_bot_scored_total{source}} and {@code bliss_bot_score{source}}, and of
 * the detection log's {@code score_source}. Bot management writes them; the trainer reads them
 * back from the log. Here, in the SPI, because both sides depend on it and neither on the other.
 */
public enum ScoreSource {
    /** A user-agent or header heuristic matched: score 1. */
    HEURISTICS("heuristics"),
    /** The primary CatBoost model scored the request over its features. */
    MACHINE_LEARNING("machine_learning"),
    /** A verified bot (user agent and source network both match): score 1, bot.verified set. */
    VERIFIED_BOT("verified_bot"),
    /** No engine could score: no model, or features unavailable and no heuristic matched. */
    NOT_COMPUTED("not_computed"),
    /**
     * Never written: what a reader makes of a value it does not know (a newer proxy's), kept
     * rather than refused so that newer logs still train.
     */
    OTHER("other");

    private final String text;
    private final Symbol symbol;

    ScoreSource(String text) {
        this.text = text;
        this.symbol = Symbol.of(text);
    }

    /** The source as the field, the metric and the log spell it. */
    public String text() {
        return text;
    }

    /**
     * The text as a {@link Symbol}: set {@code bot.score_source} from it, and readers that count
     * by source (the proxy's dashboard) tell it by its id rather than by its bytes.
     */
    public Symbol symbol() {
        return symbol;
    }

    /** The source {@code text} names; {@link #OTHER} for any value no engine writes. */
    public static ScoreSource of(String text) {
        for (ScoreSource s : values()) {
            if (s != OTHER && s.text.equals(text)) {
                return s;
            }
        }
        return OTHER;
    }

    /** Whether the score was decided without the model (a heuristic or a verified bot: score 1). */
    public boolean overridesModel() {
        return this == HEURISTICS || this == VERIFIED_BOT;
    }
}

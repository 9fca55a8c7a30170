package dev.bliss.bot;

/** Which engine decided {@code bot.score}, as the field {@code bot.score_source} shows it. */
public enum ScoreSource {
    /** A user-agent or header heuristic matched: score 1. */
    HEURISTICS("heuristics"),
    /** The primary CatBoost model scored the request over its features. */
    MACHINE_LEARNING("machine_learning"),
    /** A verified bot (user agent and source network both match): score 1, bot.verified set. */
    VERIFIED_BOT("verified_bot"),
    /** No engine could score: no model, or features unavailable and no heuristic matched. */
    NOT_COMPUTED("not_computed");

    private final String text;

    ScoreSource(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}

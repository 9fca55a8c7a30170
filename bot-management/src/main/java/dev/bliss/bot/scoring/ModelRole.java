package dev.bliss.bot.scoring;

/** What a configured model's predictions are used for. */
public enum ModelRole {

    /** Its score is the request's {@code bot.score}. At most one per model set. */
    PRIMARY,

    /**
     * Scored on every request or a sample of them and only counted and compared with the
     * primary's score: how a candidate model is tried on live traffic before it is promoted.
     */
    SHADOW
}

package dev.bliss.training.data;

/** Where the proxy's score for a request came from, as the detection log's {@code score_source} says. */
public enum ScoreSource {
    MACHINE_LEARNING("machine_learning"),
    HEURISTICS("heuristics"),
    VERIFIED_BOT("verified_bot"),
    NOT_COMPUTED("not_computed"),
    /** A value this version does not know: kept, never an error, so newer logs still train. */
    OTHER("other");

    private final String logName;

    ScoreSource(String logName) {
        this.logName = logName;
    }

    public String logName() {
        return logName;
    }

    /** The source a log value names; {@link #OTHER} for any other value. */
    public static ScoreSource fromLog(String value) {
        for (ScoreSource s : values()) {
            if (s != OTHER && s.logName.equals(value)) {
                return s;
            }
        }
        return OTHER;
    }

    /** Whether the proxy decided without the model (its final score was the rule's, not the model's). */
    public boolean overridesModel() {
        return this == HEURISTICS || this == VERIFIED_BOT;
    }
}

package dev.bliss.bot.verified;

/**
 * The outcome of {@link VerifiedBots#match} for one request. One per event loop, refilled by
 * each call; not thread-safe; no method allocates.
 */
public final class VerifiedBotVerdict {

    /** What the request's user agent and address say together. */
    public enum Outcome {
        /** The user agent claims no verified bot. */
        NONE,
        /** The user agent claims a verified bot and the address is in its published ranges. */
        VERIFIED,
        /**
         * The user agent claims a verified bot but the address is in none of the claimed bots'
         * ranges: an impersonation (or a snapshot of the ranges that is out of date).
         */
        FAKE
    }

    private Outcome outcome = Outcome.NONE;
    private VerifiedBot bot;
    private int detectionId;

    public Outcome outcome() {
        return outcome;
    }

    public boolean verified() {
        return outcome == Outcome.VERIFIED;
    }

    public boolean fake() {
        return outcome == Outcome.FAKE;
    }

    /** The bot verified, or the first one claimed when fake; {@code null} for {@link Outcome#NONE}. */
    public VerifiedBot bot() {
        return bot;
    }

    /** The "fake verified bot" detection id when {@link #fake()}, else 0. */
    public int detectionId() {
        return detectionId;
    }

    void clear() {
        outcome = Outcome.NONE;
        bot = null;
        detectionId = 0;
    }

    void set(Outcome outcome, VerifiedBot bot, int detectionId) {
        this.outcome = outcome;
        this.bot = bot;
        this.detectionId = detectionId;
    }

    @Override
    public String toString() {
        return bot == null ? "VerifiedBotVerdict[NONE]" : "VerifiedBotVerdict[" + outcome + ' ' + bot.name() + ']';
    }
}

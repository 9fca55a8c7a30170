package dev.bliss.bot.scoring;

/** The outcome of a reload attempt of a {@link ModelSet}. */
public enum ReloadResult {

    /** No model file changed since it was loaded (or last rejected); nothing was done. */
    UNCHANGED,

    /** New models passed every check and are serving; the replaced ones are closed. */
    RELOADED,

    /**
     * A changed model failed a check: nothing was swapped, the previous models keep serving, and
     * {@link ModelSetMetrics#lastError()} says which file and why. The same unchanged file is not
     * tried again until it changes.
     */
    REJECTED
}

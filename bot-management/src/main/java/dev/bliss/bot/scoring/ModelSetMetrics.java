package dev.bliss.bot.scoring;

import java.util.List;

/**
 * A snapshot of a {@link ModelSet}'s state for metrics and the admin API.
 *
 * @param reloads reloads that swapped in new models
 * @param reloadFailures reloads rejected because a model failed a check (the previous models
 *     kept serving)
 * @param lastError the most recent rejection or problem, with the model file and the reason;
 *     null when there has been none
 * @param models the models serving now, primary first
 * @param lastSuccessMillis when the models in force were loaded (start, or the last reload that
 *     swapped some in), Unix milliseconds
 */
public record ModelSetMetrics(long reloads, long reloadFailures, String lastError, List<ModelMetrics> models,
                              long lastSuccessMillis) {

    public ModelSetMetrics {
        models = List.copyOf(models);
    }
}

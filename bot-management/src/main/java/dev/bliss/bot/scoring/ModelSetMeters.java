package dev.bliss.bot.scoring;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.PluginMetrics.FamilyType;
import java.util.function.ToDoubleFunction;

/**
 * A {@link ModelSet}'s state as metric families, read from {@link ModelSet#metrics()} at each
 * scrape, so the models a reload swaps in appear without re-registering:
 *
 * <pre>
 *   bot_model_trees / bot_model_features{model,role}           gauges: what is loaded
 *   bot_model_sample_rate{model,role}                          the share of requests it scores
 *   bot_model_predictions_total / bot_model_failures_total{model,role}
 *   bot_model_score{model,role}                                histogram of the scores it gave
 *   bot_shadow_compared_total{model}                           shadow scores of requests with a primary score
 *   bot_shadow_opposite_side_total{model}                      … on the other side of 30 than the primary's
 *   bot_shadow_absolute_difference_total{model}                sum of |shadow − primary|
 *   bot_shadow_disagreement_ratio{model}                       opposite_side / compared, since start
 *   bot_shadow_mean_absolute_difference{model}                 absolute_difference / compared, since start
 *   bot_model_reloads_total{outcome}                           success | failure
 *   bot_model_reload_last_success_timestamp_seconds
 * </pre>
 *
 * The ratios since start are for the dashboard; over a window, divide the counters' rates.
 */
public final class ModelSetMeters {

    private ModelSetMeters() {
    }

    public static void register(PluginMetrics metrics, ModelSet models) {
        perModel(metrics, models, "bot_model_trees", "Trees of each loaded model", FamilyType.GAUGE, m -> m.trees());
        perModel(metrics, models, "bot_model_features", "Input features of each loaded model", FamilyType.GAUGE, m -> m.features());
        perModel(metrics, models, "bot_model_sample_rate", "The share of requests each model scores", FamilyType.GAUGE,
                ModelMetrics::sampleRate);
        perModel(metrics, models, "bot_model_predictions", "Successful predictions of each model", FamilyType.COUNTER,
                m -> m.predictions());
        perModel(metrics, models, "bot_model_failures", "Predictions that gave no score (JNI error or non-finite value)",
                FamilyType.COUNTER, m -> m.failures());
        metrics.family("bot_model_score", "The scores each model gave (1 automated to 99 human)", FamilyType.HISTOGRAM,
                ModelMetrics.scoreUpperBounds(), series -> {
                    for (ModelMetrics m : models.metrics().models()) {
                        series.histogram(m.scoreHistogram(), m.scoreSum(), "model", m.name(), "role", role(m));
                    }
                });
        perShadow(metrics, models, "bot_shadow_compared", "Shadow scores of requests that had a primary score",
                FamilyType.COUNTER, m -> m.compared());
        perShadow(metrics, models, "bot_shadow_opposite_side",
                "Compared requests the shadow put on the other side of 30 than the primary", FamilyType.COUNTER, m -> m.oppositeSides());
        perShadow(metrics, models, "bot_shadow_absolute_difference", "Sum of |shadow score - primary score| over compared requests",
                FamilyType.COUNTER, m -> m.absoluteDeltaSum());
        perShadow(metrics, models, "bot_shadow_disagreement_ratio",
                "Share of compared requests on opposite sides of 30, since start", FamilyType.GAUGE, ModelMetrics::disagreement);
        perShadow(metrics, models, "bot_shadow_mean_absolute_difference",
                "Mean |shadow score - primary score| over compared requests, since start", FamilyType.GAUGE, ModelMetrics::meanAbsoluteDelta);
        metrics.family("bot_model_reloads", "Model reloads by outcome; a rejected one leaves the previous models serving",
                FamilyType.COUNTER, null, series -> {
                    ModelSetMetrics m = models.metrics();
                    series.value(m.reloads(), "outcome", "success");
                    series.value(m.reloadFailures(), "outcome", "failure");
                });
        metrics.gauge("bot_model_reload_last_success_timestamp_seconds", "When the models in force were loaded (Unix time)",
                () -> models.metrics().lastSuccessMillis() / 1000.0);
    }

    private static void perModel(PluginMetrics metrics, ModelSet models, String name, String description, FamilyType type,
                                 ToDoubleFunction<ModelMetrics> value) {
        metrics.family(name, description, type, null, series -> {
            for (ModelMetrics m : models.metrics().models()) {
                series.value(value.applyAsDouble(m), "model", m.name(), "role", role(m));
            }
        });
    }

    private static void perShadow(PluginMetrics metrics, ModelSet models, String name, String description, FamilyType type,
                                  ToDoubleFunction<ModelMetrics> value) {
        metrics.family(name, description, type, null, series -> {
            for (ModelMetrics m : models.metrics().models()) {
                if (m.role() == ModelRole.SHADOW) {
                    series.value(value.applyAsDouble(m), "model", m.name());
                }
            }
        });
    }

    private static String role(ModelMetrics m) {
        return m.role() == ModelRole.PRIMARY ? "primary" : "shadow";
    }
}

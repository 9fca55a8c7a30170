package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLog;
import dev.bliss.bot.events.RequestEventSink;
import dev.bliss.bot.features.FeatureAvailability;
import dev.bliss.bot.features.StoreConnection;
import dev.bliss.bot.features.StoreMeters;
import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.bot.scoring.ModelSetMeters;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.schema.FeatureSchema;

/**
 * What every event loop's {@link BotDetector} shares: configuration, the loaded heuristics,
 * verified bots and models, the store connection and the counters. Immutable or thread-safe.
 */
final class BotManagement implements DetectorFactory {

    final BotManagementSettings settings;
    final FeatureSchema schema;
    final HeuristicsConfig heuristics;
    final VerifiedBots verified;
    final ModelSet models;
    final StoreConnection store;
    final BotFields fields;
    final PluginMetrics.Counter[] bySource;
    final PluginMetrics.Counter[] unavailable;
    volatile RequestEventSink events = RequestEventSink.NONE;
    /** The detection log, or null when it is off; set before any detector is made. */
    DetectionLog detectionLog;

    BotManagement(BotManagementSettings settings, FeatureSchema schema, HeuristicsConfig heuristics, VerifiedBots verified,
                  ModelSet models, StoreConnection store, BotFields fields, PluginMetrics metrics) {
        this.settings = settings;
        this.schema = schema;
        this.heuristics = heuristics;
        this.verified = verified;
        this.models = models;
        this.store = store;
        this.fields = fields;
        this.bySource = new PluginMetrics.Counter[ScoreSource.values().length];
        for (ScoreSource s : ScoreSource.values()) {
            bySource[s.ordinal()] = metrics.counter("bot_scored", "Requests scored, by the engine that decided", "source", s.text());
        }
        this.unavailable = new PluginMetrics.Counter[FeatureAvailability.values().length];
        for (FeatureAvailability a : FeatureAvailability.values()) {
            if (a != FeatureAvailability.AVAILABLE) {
                unavailable[a.ordinal()] = metrics.counter("bot_features_unavailable",
                        "Requests scored without inter-request features, by reason", "reason", a.text());
            }
        }
        ModelSetMeters.register(metrics, models);
        StoreMeters.register(metrics, store);
    }

    @Override
    public Detector newDetector() {
        return new BotDetector(this);
    }

    @Override
    public void close() {
        events.close();
        if (detectionLog != null) {
            detectionLog.close();
        }
        models.close();
        store.close();
    }
}

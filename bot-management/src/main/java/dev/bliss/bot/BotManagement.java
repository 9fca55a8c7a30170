package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLog;
import dev.bliss.bot.events.RequestEventSink;
import dev.bliss.bot.features.FeatureAvailability;
import dev.bliss.bot.features.StoreConnection;
import dev.bliss.bot.heuristics.HeuristicsConfig;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.bot.verified.VerifiedBots;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.store.schema.FeatureSchema;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
        metrics.gauge("bot_model_reload_failures", "Model reloads rejected (the previous model kept serving)",
                () -> models.metrics().reloadFailures());
        metrics.gauge("bot_store_rejected_snapshots", "Feature snapshots that failed validation",
                () -> store.reader() == null ? 0 : store.reader().rejectedSnapshots());
    }

    @Override
    public Detector newDetector() {
        return new BotDetector(this);
    }

    /**
     * SIGHUP / POST /reload: models.yaml and every model file it names, loaded and checked through
     * the JNI before any is published (ModelSet's all-or-nothing swap). Heuristics and verified
     * bots are read once at startup; changing them takes a restart.
     */
    @Override
    public String reload() throws ConfigException {
        models.reconfigure(YamlConfigReader.read(settings.models()));
        return "models from " + settings.models() + (models.hasPrimary() ? " (primary serving)" : " (no primary: heuristics only)");
    }

    /** SIGUSR1: the detection log's file is opened again at its path. */
    @Override
    public void reopenLogs() throws IOException {
        if (detectionLog == null) {
            return;
        }
        try {
            detectionLog.reopen().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("the detection log's writer did not reopen its file within 10 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reopening the detection log");
        }
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

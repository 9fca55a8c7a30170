package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLog;
import dev.bliss.bot.events.RequestEventSink;
import dev.bliss.bot.features.FeatureAvailability;
import dev.bliss.bot.features.StoreConnection;
import dev.bliss.bot.features.StoreMeters;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.bot.scoring.ModelSetMeters;
import dev.bliss.bot.session.IssuedSessions;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.RequestFeature;
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
    /** Replaced whole by {@link #reload()}; volatile: detectors load it once per request. */
    volatile BotLists lists;
    final ModelSet models;
    final StoreConnection store;
    final BotFields fields;
    final PluginMetrics.Counter[] unavailable;
    /**
     * To which address and when each session was issued, for every event loop; null when the
     * schema has neither session_moved nor session_age (then nothing is recorded).
     */
    final IssuedSessions issuedSessions;
    /** Where the detectors' producers come from; set before any detector is made. */
    volatile RequestEventSink events = RequestEventSink.NONE;
    /** The detection log, or null when it is off; set before any detector is made. */
    DetectionLog detectionLog;

    BotManagement(BotManagementSettings settings, FeatureSchema schema, BotLists lists, ModelSet models, StoreConnection store, BotFields fields, PluginMetrics metrics) {
        this.settings = settings;
        this.schema = schema;
        this.lists = lists;
        this.models = models;
        this.store = store;
        this.fields = fields;
        this.issuedSessions = schema.requestFeatures().contains(RequestFeature.SESSION_MOVED)
                || schema.requestFeatures().contains(RequestFeature.SESSION_AGE) ? new IssuedSessions() : null;
        // requests by score source are not counted here: the proxy's bliss_bot_scored_total{source}
        // reads them from bot.score_source in each loop's own cells, where a counter here would be
        // one more write every event loop shares, per request
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
        return new BotDetector(this, ScoreTally.NONE);
    }

    @Override
    public Detector newDetector(ScoreTally scores) {
        return new BotDetector(this, scores);
    }

    /**
     * SIGHUP / POST /reload: heuristics.yaml and verified-bots.yaml are read first, then models.yaml
     * and every model file it names are loaded and checked through the JNI and swapped in
     * (ModelSet's all-or-nothing swap), and only then the new lists are published. A refused file
     * anywhere leaves lists and models as they were. The schema (features.yaml) and the plugin's
     * own section take a restart.
     */
    @Override
    public String reload() throws ConfigException {
        BotLists next = BotLists.read(settings);
        models.reconfigure(YamlConfigReader.read(settings.models()));
        lists = next;
        return "heuristics " + settings.heuristics().getFileName() + ", verified bots " + settings.verifiedBots().getFileName()
                + ", models " + settings.models().getFileName() + (models.hasPrimary() ? " (primary serving)" : " (no primary: heuristics only)");
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

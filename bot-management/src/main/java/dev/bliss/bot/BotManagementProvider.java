package dev.bliss.bot;

import dev.bliss.bot.detectionlog.DetectionLog;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.bot.features.StoreConnection;
import dev.bliss.bot.hex.HexDecoder;
import dev.bliss.bot.scoring.ModelSet;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.DetectorProvider;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.System.Logger.Level;

/**
 * The bot-management plugin ({@code type: bot-management}): found by ServiceLoader like any
 * user plugin. At startup it loads the feature schema, the heuristics, the verified bots and the
 * models (each checked; a bad file fails startup with its name and line), connects to the feature
 * store (retried in the background until the feature service creates it), warms up the Vector
 * API hex codec, and declares the {@link BotFields}.
 */
public final class BotManagementProvider implements DetectorProvider {

    private static final System.Logger LOG = System.getLogger("dev.bliss.bot");

    @Override
    public String type() {
        return "bot-management";
    }

    @Override
    public DetectorFactory prepare(DetectorContext context) throws ConfigException {
        BotManagementSettings settings = BotManagementSettings.read(context.config(), context.configDirectory());
        FeatureSchema schema = FeatureSchemaReader.read(YamlConfigReader.read(settings.features())).schema();
        BotLists lists = BotLists.read(settings);
        ModelSet models = ModelSet.load(YamlConfigReader.read(settings.models()), settings.models().toAbsolutePath().getParent(),
                schema.inputNames(), schema.defaults());
        BotFields fields = new BotFields(context.fields(), schema, new BotHeaders(context::headerName), settings.detectionLog());
        if (context.checkOnly()) {
            // everything above read and checked (files, schema, rules, models through the JNI);
            // nothing below may create files or threads for a run that will not happen
            models.close();
            return () -> {
                throw new IllegalStateException("bot management was prepared to check the configuration only");
            };
        }
        models.startWatching();
        StoreConnection store = new StoreConnection(settings.store());
        if (!HexDecoder.warmUp()) {
            LOG.log(Level.WARNING, "hex decoder did not reach its compiled form during warm-up; decoding stays correct but slower");
        }
        LOG.log(Level.INFO, "bot management: " + schema.inputLength() + " model inputs, "
                + (models.hasPrimary() ? "primary model loaded" : "no primary model (heuristics only)")
                + ", hex decoding: " + HexDecoder.implementation());
        BotManagement management = new BotManagement(settings, schema, lists, models, store, fields,
                context.metrics());
        if (settings.detectionLog().enabled()) {
            try {
                management.detectionLog = new DetectionLog(settings.detectionLog(), schema, context.metrics(), models::shadowName).start();
            } catch (java.io.IOException e) {
                management.close();
                ConfigSection log = context.config().section("detection_log");
                throw log.error("path", "cannot open the detection log: " + e.getMessage());
            }
            LOG.log(Level.INFO, "bot management: detection log " + management.detectionLog.path() + ", sample rate "
                    + settings.detectionLog().sampleRate());
        }
        if (settings.eventsRing() != null) {
            management.events = new RingEventSink(settings.eventsRing(), schema.dimensions().size(), schema.hash(),
                    context.metrics());
        }
        return management;
    }
}

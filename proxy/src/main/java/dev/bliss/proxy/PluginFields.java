package dev.bliss.proxy;

import dev.bliss.firewall.Firewall;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.challenge.ChallengeFields;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.pipeline.PluginLoader;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The field scheme a configuration produces: every field of its plugins plus the proxy's own.
 * For tools that check rules against a configuration without running the proxy
 * ({@code bliss rules check}); the plugins are prepared and closed again.
 */
public final class PluginFields {

    /**
     * The fields the proxy's own components declare: the firewall's decision, and the browser
     * challenge's clearance ({@link ChallengeFields}), written before any detector runs.
     */
    public static final Map<String, Consumer<FieldRegistry>> HOST_FIELDS = Map.of(
            "firewall", Firewall::declareFields,
            "challenge", ChallengeFields::declare);

    private PluginFields() {
    }

    public static FieldScheme load(ProxyOptions options) throws ConfigException {
        try (DetectorPipeline pipeline = DetectorPipeline.check(options.plugins(), PluginLoader.load(options.pluginsDirectory()),
                options.baseDirectory(), HOST_FIELDS)) {
            return pipeline.scheme();
        }
    }
}

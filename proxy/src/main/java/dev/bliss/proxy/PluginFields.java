package dev.bliss.proxy;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.config.ProxyConfigReader;
import dev.bliss.proxy.pipeline.DetectorPipeline;
import dev.bliss.proxy.pipeline.PluginLoader;
import java.nio.file.Path;
import java.util.Map;

/**
 * The field scheme a configuration produces: every field of its plugins plus the proxy's own.
 * For tools that check rules against a configuration without running the proxy
 * ({@code bliss rules check}); the plugins are prepared and closed again.
 */
public final class PluginFields {

    private PluginFields() {
    }

    public static FieldScheme load(Path blissYaml) throws ConfigException {
        ProxyOptions options = ProxyConfigReader.read(blissYaml);
        try (DetectorPipeline pipeline = DetectorPipeline.build(options.plugins(), PluginLoader.load(options.pluginsDirectory()),
                options.baseDirectory(), 1, Map.of())) {
            return pipeline.scheme();
        }
    }
}

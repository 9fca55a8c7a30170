package dev.bliss.app;

import dev.bliss.app.features.ServiceConfig;
import dev.bliss.app.logging.LoggingOptions;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.proxy.config.ProxyConfigReader;
import dev.bliss.proxy.config.ProxyOptions;
import java.nio.file.Path;

/**
 * A whole bliss.yaml: the application log's section, the feature service's and the proxy's. The proxy's reader rejects
 * keys nobody read, so the sections other components own are read first, from the same tree;
 * every command that takes a bliss.yaml reads it here, so each accepts exactly what
 * {@code bliss run} accepts.
 */
public record BlissConfig(ProxyOptions proxy, ServiceConfig featureService, LoggingOptions logging) {

    public static BlissConfig read(Path file) throws ConfigException {
        ConfigSection root = YamlConfigReader.read(file);
        LoggingOptions logging = LoggingOptions.read(root);
        ServiceConfig featureService = ServiceConfig.read(root, file);
        // bliss aggregate's section: checked here too, so a typo in it fails every command alike
        dev.bliss.features.cluster.aggregate.AggregateSettings.read(root.section("aggregate"),
                file.toAbsolutePath().getParent());
        return new BlissConfig(ProxyConfigReader.read(root, file), featureService, logging);
    }
}

package dev.bliss.app;

import dev.bliss.app.features.EmbeddedFeatureService;
import dev.bliss.app.features.ServiceConfig;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.proxy.config.ProxyOptions;
import dev.bliss.proxy.config.ProxyConfigReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss run}: the main job, the proxy with the configuration in config/bliss.yaml, and the
 * feature service embedded on its own threads unless its section says {@code embedded: false}.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the proxy with a configuration file (default: config/bliss.yaml).")
public final class RunCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml", description = "The configuration file (default: ${DEFAULT-VALUE}).")
    Path config;

    @Override
    public Integer call() {
        try {
            Path file = ConfigLocation.resolve(config);
            ConfigSection root = YamlConfigReader.read(file);
            ServiceConfig features = ServiceConfig.read(root, file); // the feature_service section, read first
            ProxyOptions options = ProxyConfigReader.read(root, file);
            return ProxyLauncher.runUntilSignalled(options, EmbeddedFeatureService.startIfConfigured(features));
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 1;
        }
    }
}

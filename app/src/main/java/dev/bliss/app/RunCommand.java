package dev.bliss.app;

import dev.bliss.app.features.EmbeddedFeatureService;
import dev.bliss.app.features.SeparateFeatureService;
import dev.bliss.app.logging.ApplicationLog;
import dev.bliss.plugin.config.ConfigException;
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
        ProcessSignals signals = ProcessSignals.install();
        try {
            Path file = ConfigLocation.resolve(config);
            BlissConfig loaded = BlissConfig.read(file);
            ApplicationLog.configure(loaded.logging());
            return ProxyLauncher.runUntilSignalled(signals, loaded.proxy(), () -> BlissConfig.read(file).proxy(),
                    EmbeddedFeatureService.startIfConfigured(loaded.featureService()),
                    SeparateFeatureService.statusUrl(loaded.featureService()));
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 1;
        }
    }
}

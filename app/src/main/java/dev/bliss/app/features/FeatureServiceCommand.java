package dev.bliss.app.features;

import dev.bliss.app.ConfigLocation;
import dev.bliss.app.ProcessSignals;
import dev.bliss.app.logging.ApplicationLog;
import dev.bliss.app.logging.LoggingOptions;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.features.FeatureService;
import dev.bliss.plugin.config.ConfigException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss feature-service}: the feature service as its own process, with the
 * {@code feature_service} section of bliss.yaml; until SIGTERM or SIGINT.
 */
@Command(name = "feature-service", mixinStandardHelpOptions = true,
        description = "Run the feature service on its own: request events in, sliding-window features out to the store.")
public final class FeatureServiceCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml",
            description = "The configuration file; its feature_service section is used (default: ${DEFAULT-VALUE}).")
    Path config;

    @Override
    public Integer call() {
        ProcessSignals signals = ProcessSignals.install();
        ServiceConfig c;
        try {
            Path file = ConfigLocation.resolve(config);
            ConfigSection root = YamlConfigReader.read(file);
            ApplicationLog.configure(LoggingOptions.read(root));
            c = ServiceConfig.read(root, file);
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 1;
        }
        FeatureService service;
        try {
            service = FeatureService.start(c.settings().options(), c.schema().schema(), c.schema().maxKeys());
        } catch (IOException | IllegalArgumentException e) { // StoreException is an IOException
            System.err.println("bliss feature-service: cannot start: " + e.getMessage());
            return 1;
        }
        System.out.println("bliss feature service: events from " + service.ring().path() + ", store " + service.storePrefix()
                + (service.adminPort() > 0 ? ", admin on http://" + c.settings().options().adminHost() + ':'
                + service.adminPort() + "/  (/healthz /metrics /status /features/<dim>/<value>)" : ""));
        signals.onStop(service::close);
        try {
            signals.awaitDrained();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}

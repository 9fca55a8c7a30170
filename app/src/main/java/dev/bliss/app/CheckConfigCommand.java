package dev.bliss.app;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.PluginFields;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss check-config}: validates a configuration the way {@code bliss run} does (the file,
 * the feature service's section, every plugin's section, the field graph, the rules) without
 * opening a port.
 */
@Command(name = "check-config", mixinStandardHelpOptions = true,
        description = "Validate a configuration without starting: exit 0 if valid, 1 with the error otherwise.")
public final class CheckConfigCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml", description = "The configuration file (default: ${DEFAULT-VALUE}).")
    Path config;

    @Override
    public Integer call() {
        Path config = ConfigLocation.resolve(this.config);
        try {
            var scheme = PluginFields.load(BlissConfig.read(config).proxy());
            System.out.println(config + ": valid (" + scheme.size() + " fields)");
            return 0;
        } catch (ConfigException e) {
            System.err.println(e.getMessage());
            return 1;
        }
    }
}

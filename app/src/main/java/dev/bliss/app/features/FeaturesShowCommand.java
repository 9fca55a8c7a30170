package dev.bliss.app.features;

import dev.bliss.app.ConfigLocation;
import dev.bliss.features.FeatureLookup;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.StoreException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bliss features show ip 203.0.113.7}: the key the plugin would look up for that value,
 * and its published vector with feature names, the snapshot's sequence and age.
 */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Print the published features of VALUE in DIMENSION (e.g. ip 203.0.113.7, user_agent \"curl/8.5.0\"). "
                + "Exit 0 when found, 1 when the key is not in the snapshot, 2 on errors.")
public final class FeaturesShowCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIMENSION", description = "A dimension of features.yaml, e.g. ip, ja4, user_agent")
    String dimension;

    @Parameters(index = "1", paramLabel = "VALUE", description = "The attribute: an address, a fingerprint, a user agent, "
            + "header names comma-separated for header_order")
    String value;

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml",
            description = "bliss.yaml; its feature_service section names the store and features.yaml (default: ${DEFAULT-VALUE}).")
    Path config;

    @Option(names = "--store", description = "The store's path prefix, instead of the configured one.")
    Path store;

    @Option(names = "--json", description = "Print JSON, as the service's admin endpoint does.")
    boolean json;

    @Override
    public Integer call() {
        ServiceConfig c;
        try {
            c = ServiceConfig.read(ConfigLocation.resolve(config));
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 2;
        }
        try {
            FeatureLookup.keyOf(c.schema().schema(), dimension, value); // a bad value is an error before any store
        } catch (IllegalArgumentException e) {
            System.err.println("bliss features show: " + e.getMessage());
            return 2;
        }
        Path prefix = store != null ? store : c.settings().options().storePrefix();
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
            FeatureLookup lookup = FeatureLookup.find(reader, c.schema().schema(), dimension, value);
            long now = System.currentTimeMillis();
            System.out.print(json ? lookup.toJson(now).encodePrettily() + "\n" : lookup.toText(now));
            return switch (lookup.status()) {
                case FOUND -> 0;
                case NOT_FOUND -> 1;
                case NO_SNAPSHOT -> 2;
            };
        } catch (IllegalArgumentException e) {
            System.err.println("bliss features show: " + e.getMessage());
            return 2;
        } catch (StoreException e) {
            System.err.println("bliss features show: " + e.getMessage() + " (is the feature service running?)");
            return 2;
        }
    }
}

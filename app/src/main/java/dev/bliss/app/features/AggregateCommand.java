package dev.bliss.app.features;

import dev.bliss.app.ConfigLocation;
import dev.bliss.app.logging.ApplicationLog;
import dev.bliss.app.logging.LoggingOptions;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.cluster.ClusterSettings;
import dev.bliss.features.cluster.aggregate.AggregateSettings;
import dev.bliss.features.cluster.aggregate.FleetAggregator;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bliss aggregate}: the fleet-wide windows as a Kafka Streams application, over the
 * cluster of {@code feature_service.cluster} and the schema of {@code feature_service.features},
 * with the {@code aggregate} section's application id, state directory and threads; until SIGTERM
 * or SIGINT. Run as many as the events topic has partitions; they share the work.
 */
@Command(name = "aggregate", mixinStandardHelpOptions = true,
        description = "Run the fleet aggregator: every node's request events in from Kafka, fleet-wide features out to Kafka.")
public final class AggregateCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, defaultValue = "config/bliss.yaml",
            description = "The configuration file; its feature_service and aggregate sections are used (default: ${DEFAULT-VALUE}).")
    Path config;

    @Override
    public Integer call() {
        Path file = ConfigLocation.resolve(config);
        ServiceConfig service;
        AggregateSettings settings;
        try {
            ConfigSection root = YamlConfigReader.read(file);
            ApplicationLog.configure(LoggingOptions.read(root));
            service = ServiceConfig.read(root, file);
            settings = AggregateSettings.read(root.section("aggregate"), file.toAbsolutePath().getParent());
        } catch (ConfigException e) {
            System.err.println("bliss: " + e.getMessage());
            return 1;
        }
        ClusterSettings cluster = service.settings().options().cluster();
        if (cluster == null) {
            System.err.println("bliss aggregate: " + file + " has no feature_service.cluster.kafka.bootstrap_servers;"
                    + " the aggregator needs the fleet's Kafka cluster");
            return 1;
        }
        Duration interval = service.settings().options().publishInterval();
        FleetAggregator aggregator;
        try {
            aggregator = FleetAggregator.start(cluster, settings, service.schema().schema(), service.schema().maxKeys(),
                    interval, Duration.ofSeconds(60));
        } catch (Exception e) {
            System.err.println("bliss aggregate: cannot start against " + cluster.bootstrapServers() + ": " + e);
            return 1;
        }
        System.out.println("bliss aggregate: " + cluster.eventsTopic() + " -> " + cluster.featuresTopic() + " at "
                + cluster.bootstrapServers() + ", application " + settings.applicationId() + ", state in "
                + settings.stateDir() + ", " + settings.threads() + " thread(s), vectors every " + interval.toMillis() + " ms");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            aggregator.close();
            stopped.countDown();
        }));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}

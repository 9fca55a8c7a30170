package dev.bliss.features.cluster.aggregate;

import dev.bliss.features.cluster.ClusterSettings;
import dev.bliss.features.cluster.FleetEvents;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The aggregator alone in a JVM of its own, for tests that kill it with SIGKILL: what
 * {@code bliss aggregate} runs, over the shipped schema. Prints "started" once the stream threads
 * run; lives until killed.
 *
 * <pre>
 *   AggregatorProcess bootstrap eventsTopic featuresTopic applicationId stateDir intervalMs maxFleetAgeMs
 * </pre>
 */
public final class AggregatorProcess {

    private AggregatorProcess() {
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings cluster = new ClusterSettings(args[0], args[1], args[2], Map.of("session.timeout.ms", "6000"),
                Duration.ofMillis(Long.parseLong(args[6])), ClusterSettings.DEFAULT_EVENT_BUFFER, true, 2, (short) 1);
        FleetAggregator a = FleetAggregator.start(cluster, new AggregateSettings(args[3], Path.of(args[4]), 1,
                AggregateSettings.EXACTLY_ONCE), FleetEvents.SHIPPED.schema(), FleetEvents.SHIPPED.maxKeys(),
                Duration.ofMillis(Long.parseLong(args[5])), Duration.ofSeconds(30));
        System.out.println("started");
        System.out.flush();
        Thread.currentThread().join();
        a.close();
    }

    /** The command line of a child JVM running this class with the test class path. */
    public static java.util.List<String> command(String... args) throws java.io.IOException {
        String launcher = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = "target/classes" + java.io.File.pathSeparator + "target/test-classes" + java.io.File.pathSeparator
                + java.nio.file.Files.readString(Path.of("target", "kafka-classpath.txt")).trim();
        java.util.List<String> c = new java.util.ArrayList<>(java.util.List.of(launcher, "-Xmx256m", "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", cp, AggregatorProcess.class.getName()));
        c.addAll(java.util.List.of(args));
        return c;
    }
}

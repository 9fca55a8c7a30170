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

    /**
     * The client timeouts of the aggregators in FleetFeaturesThroughProxiesTest (and of its nodes,
     * whose clients ignore what is not theirs). A SIGKILLed instance leaves the group when its
     * session times out (6 s, the brokers' minimum; Kafka's default is 45 s), which the survivor
     * hears on its next heartbeat (1 s; default 3 s). The survivor's new task then waits until the
     * dead instance's open transaction, holding offsets and changelog records, is rolled back: past
     * {@code transaction.timeout.ms} (5 s here; Kafka Streams' default under exactly-once is 10 s), by
     * the transaction coordinator's sweep (every second on {@link dev.bliss.features.cluster.TestBroker};
     * every 10 s by default). With the defaults of both, one run at load 15 took 17 s from the kill
     * to the taken-over count on a node: session expiry 3.6 s after the kill, rejoin 3 s later,
     * rollback 8.4 s after that. With these values the rollback is due by the time the session has
     * expired: 7.6 s in one run at load 12.
     */
    public static final Map<String, String> CLIENT_TIMEOUTS = Map.of("session.timeout.ms", "6000",
            "heartbeat.interval.ms", "1000", "transaction.timeout.ms", "5000");

    private AggregatorProcess() {
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings cluster = new ClusterSettings(args[0], args[1], args[2], CLIENT_TIMEOUTS,
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

package dev.bliss.features.cluster;

import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;

/**
 * A real single-node Apache Kafka broker (KRaft, broker and controller in one) in a child JVM,
 * on loopback ports, with its data in a test directory: {@code kafka.tools.StorageTool format},
 * then {@code kafka.Kafka}, the entry points of Kafka's own scripts. The class path is the test
 * class path Maven wrote to {@code target/kafka-classpath.txt}.
 *
 * <p>Every wait is bounded; {@link #stop} is SIGTERM then SIGKILL after ten seconds, and a
 * shutdown hook kills the child if the test JVM exits first. {@link #start()} after {@link #stop}
 * starts the same broker again (same ports, same data).
 */
public final class TestBroker implements AutoCloseable {

    private static final Duration READY = Duration.ofSeconds(60);

    private final Path dir;
    private final Path config;
    private final int port;
    private Process process;
    private Thread hook;

    private TestBroker(Path dir, Path config, int port) {
        this.dir = dir;
        this.config = config;
        this.port = port;
    }

    /** Formats a new broker in {@code dir} and starts it; returns once it answers. */
    public static TestBroker start(Path dir) throws Exception {
        Files.createDirectories(dir);
        int port = freePort();
        int controller = freePort();
        Properties p = new Properties();
        p.putAll(Map.ofEntries(
                Map.entry("process.roles", "broker,controller"),
                Map.entry("node.id", "1"),
                Map.entry("controller.quorum.bootstrap.servers", "127.0.0.1:" + controller),
                Map.entry("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller),
                Map.entry("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port),
                Map.entry("controller.listener.names", "CONTROLLER"),
                Map.entry("inter.broker.listener.name", "PLAINTEXT"),
                Map.entry("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"),
                Map.entry("log.dirs", dir.resolve("data").toString()),
                Map.entry("num.partitions", "1"),
                Map.entry("auto.create.topics.enable", "false"),
                Map.entry("offsets.topic.replication.factor", "1"),
                Map.entry("offsets.topic.num.partitions", "1"),
                Map.entry("transaction.state.log.replication.factor", "1"),
                Map.entry("transaction.state.log.min.isr", "1"),
                Map.entry("transaction.state.log.num.partitions", "1"),
                Map.entry("share.coordinator.state.topic.replication.factor", "1"),
                Map.entry("share.coordinator.state.topic.min.isr", "1"),
                Map.entry("group.initial.rebalance.delay.ms", "0"),
                // transactions past their timeout (a SIGKILLed producer's) are rolled back by a sweep
                // every second instead of every 10 s, so a killed aggregator's partitions move on sooner
                Map.entry("transaction.abort.timed.out.transaction.cleanup.interval.ms", "1000"),
                // small-heap settings: the cleaner's default 128 MiB buffer does not fit in -Xmx128m
                Map.entry("log.cleaner.dedupe.buffer.size", "8388608"),
                Map.entry("num.network.threads", "2"),
                Map.entry("num.io.threads", "2"),
                Map.entry("background.threads", "2")));
        Path config = dir.resolve("server.properties");
        try (Writer w = Files.newBufferedWriter(config)) {
            p.store(w, "bliss test broker");
        }
        TestBroker broker = new TestBroker(dir, config, port);
        List<String> format = broker.jvm();
        format.addAll(List.of("kafka.tools.StorageTool", "format", "-t", org.apache.kafka.common.Uuid.randomUuid().toString(), "-c", config.toString(), "--standalone"));
        Process f = new ProcessBuilder(format).redirectErrorStream(true).redirectOutput(dir.resolve("format.log").toFile())
                .start();
        if (!f.waitFor(READY.toSeconds(), TimeUnit.SECONDS)) {
            f.destroyForcibly();
            throw new IllegalStateException("kafka storage format did not finish in " + READY + "; see " + dir.resolve("format.log"));
        }
        if (f.exitValue() != 0) {
            throw new IllegalStateException("kafka storage format failed; see " + dir.resolve("format.log"));
        }
        broker.start();
        return broker;
    }

    private List<String> jvm() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Files.readString(Path.of("target", "kafka-classpath.txt")).trim();
        return new ArrayList<>(List.of(java, "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", cp));
    }

    /** Starts the (formatted) broker and waits until it answers, at most a minute. */
    public void start() throws Exception {
        List<String> command = jvm();
        command.addAll(List.of("kafka.Kafka", config.toString()));
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("broker.log").toFile())).start();
        Process started = process;
        hook = new Thread(started::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(hook);
        long deadline = System.nanoTime() + READY.toNanos();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap(), "request.timeout.ms", 1000,
                "default.api.timeout.ms", 2000, "reconnect.backoff.max.ms", 200))) {
            while (true) {
                if (!started.isAlive()) {
                    throw new IllegalStateException("the broker exited with " + started.exitValue() + "; see "
                            + dir.resolve("broker.log"));
                }
                try {
                    admin.describeCluster().nodes().get(2, TimeUnit.SECONDS);
                    return;
                } catch (Exception e) {
                    if (System.nanoTime() > deadline) {
                        stop();
                        throw new IllegalStateException("the broker did not answer within " + READY + "; see "
                                + dir.resolve("broker.log"));
                    }
                    LockSupport.parkNanos(100_000_000);
                }
            }
        }
    }

    /** Whether the broker process is alive (started and not stopped). */
    public boolean running() {
        return process != null && process.isAlive();
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /** SIGTERM (a controlled shutdown), SIGKILL after ten seconds. */
    public void stop() throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already exiting: the hook runs anyway
        }
        process = null;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

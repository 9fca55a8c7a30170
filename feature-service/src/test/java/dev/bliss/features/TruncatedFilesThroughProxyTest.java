package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.features.events.RecordCheck;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.StorePaths;
import dev.bliss.store.layout.InstanceVersion;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another process truncates a mapped file while the real proxy serves a bounded load, with the
 * real bot-management plugin reading the store and writing the events ring and the real feature
 * service publishing: every request is answered, every request gets its access-log line, and
 * both sides read and write the file again once the service has restored it.
 */
class TruncatedFilesThroughProxyTest {

    private static final Duration PUBLISH = Duration.ofMillis(200);
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int CLIENTS = 2;
    private static final int REQUESTS_PER_CLIENT = 150;

    @TempDir
    Path dir;

    private FeatureLab lab;
    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private FeatureService service;
    /** Requests sent to the proxy so far: the access log's lines. */
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        lab = new FeatureLab(dir);
        service = lab.startService(PUBLISH);
        proxy = lab.startProxy(origin.url(), "1m", "access_log: {enabled: true, path: access.log}\n");
        FeatureLab.await("first snapshot", WAIT, () -> service.lastPublish() != null);
        FeatureLab.await("features read", WAIT, () -> !score("198.51.100.1").equals("0"));
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (service != null) {
            service.close();
        }
        origin.close();
    }

    /** The score the origin saw for one request of {@code client}; with no load running. */
    private String score(String client) {
        try {
            while (origin.seenCount() > 0) {
                origin.next();
            }
            RawHttp.Response r = FeatureLab.get(proxy, client, FeatureLab.browser(1));
            requests.incrementAndGet();
            assertEquals(200, r.status());
            return origin.next().headers().get("x-bot-score");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void truncate(Path file) throws Exception {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(0);
        }
    }

    /**
     * Cuts the file short, and again each time the service has restored it, until the proxy has
     * counted a fault. One cut alone races the service: its next publish (at most 200 ms later)
     * makes the file whole, and on a loaded machine no request need read it in between.
     */
    private void truncateUntilTheProxyMeetsIt(String what, FileToCut file) throws Exception {
        double before = storeFaults();
        truncate(file.path());
        FeatureLab.await(what + ": the proxy meets the truncated file and counts it", WAIT, () -> {
            try {
                Path cut = file.path();
                if (Files.size(cut) > 0) {
                    truncate(cut);
                }
                return storeFaults() > before;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    interface FileToCut {
        Path path() throws Exception;
    }

    /**
     * {@link #CLIENTS} threads of {@link #REQUESTS_PER_CLIENT} requests each; {@code fault} runs
     * once a third of them are answered.
     */
    private void loadWhile(String what, FaultAction fault) throws Exception {
        AtomicInteger answered = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            clients.add(Thread.ofPlatform().name("load-" + c).start(() -> {
                for (int i = 0; i < REQUESTS_PER_CLIENT; i++) {
                    try {
                        requests.incrementAndGet();
                        RawHttp.Response r = FeatureLab.get(proxy, "203.0.113." + (client * 50 + i % 50), FeatureLab.browser(i));
                        if (r.status() != 200) {
                            failures.add("request " + i + ": " + r.status());
                        }
                        answered.incrementAndGet();
                    } catch (Exception e) {
                        failures.add("request " + i + ": " + e);
                    }
                }
            }));
        }
        FeatureLab.await("a third of the load answered", WAIT, () -> answered.get() >= CLIENTS * REQUESTS_PER_CLIENT / 3
                || !failures.isEmpty());
        fault.run();
        for (Thread t : clients) {
            t.join(WAIT.toMillis() * 3);
            assertTrue(!t.isAlive(), what + ": a client still waits for an answer");
        }
        assertTrue(failures.isEmpty(), what + ": " + failures);
        assertEquals(CLIENTS * REQUESTS_PER_CLIENT, answered.get(), what + ": every request answered");
    }

    interface FaultAction {
        void run() throws Exception;
    }

    private void awaitAccessLogLines() {
        int lines = requests.get();
        Path log = dir.resolve("access.log");
        FeatureLab.await(lines + " access-log lines", WAIT, () -> {
            try {
                return Files.exists(log) && Files.readAllLines(log).size() >= lines;
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        try {
            assertEquals(lines, Files.readAllLines(log).size(), "one access-log line per request");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private double storeFaults() throws Exception {
        String metrics = FeatureLab.proxyMetrics(proxy);
        String name = "bliss_plugin_bot_store_faults_total{plugin=\"bot\"} ";
        int at = metrics.indexOf(name);
        assertTrue(at >= 0, metrics);
        return Double.parseDouble(metrics.substring(at + name.length(), metrics.indexOf('\n', at)));
    }

    private void awaitFeaturesReadAgain(String what) {
        FeatureLab.await(what + ": the proxy reads features again", WAIT, () -> {
            try {
                return FeatureLab.proxyMetrics(proxy).contains("bliss_plugin_bot_store_faulted{plugin=\"bot\"} 0.0")
                        && !score("198.51.100.2").equals("0");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        FeatureLab.await(what + ": the service healthy", WAIT, service::healthy);
    }

    @Test
    void shouldAnswerEveryRequestWhenTheStateFileIsTruncatedAndReadItAgainOnceRestored() throws Exception {
        loadWhile("state file", () -> truncateUntilTheProxyMeetsIt("state file", () -> StorePaths.state(lab.storePrefix())));
        long published = service.lastPublish().sequence();
        FeatureLab.await("the publisher publishes again", WAIT, () -> service.lastPublish().sequence() >= published + 2);
        awaitFeaturesReadAgain("state file");
        awaitAccessLogLines();
    }

    @Test
    void shouldAnswerEveryRequestWhenTheActiveDataFileIsTruncatedAndMoveOnWithTheNextSnapshot() throws Exception {
        loadWhile("active data file", () -> truncateUntilTheProxyMeetsIt("active data file", () -> {
            try (FeatureStoreReader reader = lab.reader()) {
                return StorePaths.data(lab.storePrefix(), InstanceVersion.index(reader.status().version()));
            }
        }));
        awaitFeaturesReadAgain("data file");
        awaitAccessLogLines();
    }

    @Test
    void shouldAnswerEveryRequestWhenTheEventsRingIsTruncatedAndCountEventsAgainOnceRestored() throws Exception {
        loadWhile("events ring", () -> {
            // every ring: the proxy's event loops own some of them, the service reads them all
            try (java.util.stream.Stream<Path> rings = Files.list(lab.ring())) {
                for (Path ring : rings.toList()) {
                    truncate(ring);
                }
            }
        });
        assertTrue(service.ringRestores() >= 1, "the aggregator restored the ring");
        assertTrue(service.consumer().count(RecordCheck.OK) > 0);
        long counted = service.consumer().count(RecordCheck.OK);
        FeatureLab.await("events reach the service again", WAIT, () -> {
            score("198.51.100.3");
            return service.consumer().count(RecordCheck.OK) > counted;
        });
        assertNotEquals(0, service.consumer().count(RecordCheck.OK));
        FeatureLab.await("the service healthy", WAIT, service::healthy);
        awaitAccessLogLines();
    }
}

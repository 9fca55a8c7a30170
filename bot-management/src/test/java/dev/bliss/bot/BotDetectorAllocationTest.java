package dev.bliss.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.bliss.bot.consistency.ReusedJa3;
import dev.bliss.bot.events.CountingMetrics;
import dev.bliss.bot.plugin.BotLab;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.Completion;
import dev.bliss.plugin.Detector;
import dev.bliss.plugin.FirewallAction;
import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.OriginHeaders;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.plugin.field.Fields;
import dev.bliss.plugin.field.IntArrayField;
import dev.bliss.store.schema.DimensionKeys;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole per-request path (inspect, forward, onComplete), with a real feature store and a real
 * CatBoost model, allocates nothing once warm: 100,000 requests (browser and tool user agents,
 * fingerprints, a stored client and a new one, a Chrome on a JA3 other addresses sent: detection
 * 302) measured with the thread's allocated-bytes counter, without and with the detection log; a
 * session cookie issued in the log phase and carried by another client (session_moved, session_age).
 */
class BotDetectorAllocationTest {

    private static final int REQUESTS = 100_000;

    @TempDir
    Path dir;

    @Test
    void shouldScoreRequestsWithoutAllocating() throws Exception {
        assertInspectPathAllocatesNothing("", new CountingMetrics());
    }

    /**
     * With the detection log on at sample rate 1, every request also fills a pending record and
     * writes a ring record (or, when the writer falls behind, is dropped and counted): still
     * nothing allocated on the event loop's side. The writer thread's own allocation (JSON) is
     * not this thread's.
     */
    @Test
    void shouldScoreAndLogEveryRequestWithoutAllocating() throws Exception {
        CountingMetrics metrics = new CountingMetrics();
        long requests = assertInspectPathAllocatesNothing(
                "detection_log: {path: logs/detections.log, sample_rate: 1.0, max_file_size: 1MB, max_files: 2}\n", metrics);
        long written = metrics.count("bot_detection_log_written");
        long dropped = metrics.count("bot_detection_log_dropped", "reason", "queue_full");
        assertEquals(requests, written + dropped, "every request was logged or counted as dropped");
        assertTrue(written > 0);
        List<String> lines = Files.readAllLines(dir.resolve("logs/detections.log"));
        String last = lines.getLast();
        assertTrue(last.startsWith("{\"ts\":") && last.contains("\"request_id\":\"req-") && last.contains("\"features\":{"), last);
    }

    /** Runs the requests, asserts no allocation; returns how many requests ran in all. */
    private long assertInspectPathAllocatesNothing(String extraConfig, CountingMetrics metrics) throws Exception {
        BotLab lab = new BotLab(dir);
        IpAddress busy = IpAddress.of("203.0.113.7");
        lab.publish(lab.schema.hash(), Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f));
        ConfigSection config = ConfigSection.root(YamlConfigReader.parse("bliss.yaml",
                "store: store/features\nverified_header: x-bot-verified\nja4_header: x-ja4\nfingerprint_headers: {ja3: x-ja3, ja4: x-ja4}\n"
                        + extraConfig));
        FieldSchemeBuilder builder = new FieldSchemeBuilder();
        builder.registryFor("challenge").produceInt("bot.clearance.age"); // the proxy's host field, which clearance_age reads
        FieldRegistry registry = builder.registryFor("bot");
        DetectorFactory factory = new BotManagementProvider().prepare(new DetectorContext() {
            public String name() { return "bot"; }
            public ConfigSection config() { return config; }
            public FieldRegistry fields() { return registry; }
            public Path configDirectory() { return dir; }
            public int eventLoops() { return 1; }
            public PluginMetrics metrics() { return metrics; }
        });
        FieldScheme scheme = builder.build();
        long total = 0;
        try (factory) {
            Detector detector = factory.newDetector();
            Fields fields = scheme.newTable();
            Request[] requests = {
                new Request("req-0", "203.0.113.7", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
                new Request("req-1", "198.51.100.1", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15")
                        .withCookie("theme=dark; sid=4f2a9c"),
                new Request("req-2", "198.51.100.2", "curl/8.5.0"),
            };
            OriginHeaders origin = new OriginHeaders() {
                public void set(CharSequence name, CharSequence value) { }
                public void remove(CharSequence name) { }
            };
            for (int round = 0; round < 3_000; round++) {
                run(detector, fields, requests, origin, 100);
                total += 100;
            }
            // the best of three runs: a run during which the JIT swaps in a new version of a method
            // may count the interpreter's allocations; a steady-state run allocates nothing
            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            long allocated = Long.MAX_VALUE;
            for (int attempt = 0; attempt < 3 && allocated != 0; attempt++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                run(detector, fields, requests, origin, REQUESTS);
                allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
                total += REQUESTS;
            }
            assertEquals(0, allocated, "bytes allocated by " + REQUESTS + " requests through the bot detector");
            fields.reset();
            detector.inspect(requests[0], fields);
            detector.onComplete(requests[0], fields, OK);
            total++;
            assertEquals(BotLab.AUTOMATED_SCORE, fields.get((dev.bliss.plugin.field.IntField) scheme.field("bot.score")),
                    "the store and the model were really used");
        }
        return total;
    }

    private static final Completion OK = new Completion() {
        public int status() { return 200; }
        public CharSequence ruleId() { return null; }
        public FirewallAction action() { return FirewallAction.NONE; }
        public CharSequence localReason() { return null; }
        public long durationNanos() { return 1_000; }
        // the site's session, issued to each client in turn: the next request of another client
        // carries it from elsewhere (session_moved, session_age on the measured path)
        public int setCookieCount() { return 2; }
        public CharSequence setCookie(int i) { return i == 0 ? "theme=dark; Path=/" : "sid=4f2a9c; Path=/; HttpOnly"; }
    };

    private static void run(Detector detector, Fields fields, Request[] requests, OriginHeaders origin, int n) {
        for (int i = 0; i < n; i++) {
            Request r = requests[i % requests.length];
            fields.reset();
            detector.inspect(r, fields);
            detector.forward(r, fields, origin);
            detector.onComplete(r, fields, OK);
        }
    }

    /** A prepared request from a trusted balancer that sends fingerprints. */
    private static final class Request implements RequestView {
        private final IpAddress client;
        private String[] names = {"host", "user-agent", "accept", "accept-language", "x-ja3", "x-ja4"};
        private String[] values;

        private final String requestId;

        Request(String requestId, String client, String userAgent) {
            this.requestId = requestId;
            this.client = IpAddress.of(client);
            this.values = new String[] {"shop.example", userAgent, "text/html", "en",
                "e7d705a3286e19ea42f587b344ee6865", "t13d1516h2_8daaf6152771_e5627efa2ab1"};
        }

        Request withCookie(String cookie) {
            names = java.util.Arrays.copyOf(names, names.length + 1);
            values = java.util.Arrays.copyOf(values, values.length + 1);
            names[names.length - 1] = "cookie";
            values[values.length - 1] = cookie;
            return this;
        }

        public CharSequence method() { return "GET"; }
        public CharSequence uri() { return "/shop/item?id=7"; }
        public CharSequence path() { return "/shop/item"; }
        public CharSequence query() { return "id=7"; }
        public CharSequence host() { return "shop.example"; }
        public ProtocolVersion version() { return ProtocolVersion.HTTP_2; }
        public boolean isTls() { return true; }
        public int localPort() { return 443; }
        public IpAddress clientAddress() { return client; }
        public int headerCount() { return names.length; }
        public CharSequence headerName(int i) { return names[i]; }
        public CharSequence headerValue(int i) { return values[i]; }
        public long receivedNanos() { return 0; }
        public boolean fromTrustedProxy() { return true; }
        public CharSequence requestId() { return requestId; }

        public CharSequence header(CharSequence name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].contentEquals(name)) {
                    return values[i];
                }
            }
            return null;
        }
    }
}

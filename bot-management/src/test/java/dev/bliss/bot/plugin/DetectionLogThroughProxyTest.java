package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.schema.DimensionKeys;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The detection log written by the real proxy with a real feature store and model: one line per
 * request under the request id the origin received, the whole input vector by schema name, the
 * keys, and score, source and detection ids as the origin saw them; a blocked request with its
 * rule and action.
 */
class DetectionLogThroughProxyTest {

    private static final String BROWSER = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\nAccept: text/html\r\nAccept-Language: en";
    private static final String GOOGLEBOT = "User-Agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    private static final String BUSY_CLIENT = "203.0.113.7";
    private static final String NEW_CLIENT = "198.51.100.1";
    private static final String RULES = """
            rules:
              - {id: fake-bots, expression: 'any(bot.detection_ids[*] eq 301)', action: block}
            """;
    private static final String LOG = "detection_log: {path: logs/detections.log, sample_rate: 1.0}\n";

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private BotLab lab;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private void start(String yamlEdit) throws Exception {
        lab = new BotLab(dir);
        IpAddress busy = IpAddress.of(BUSY_CLIENT);
        lab.publish(lab.schema.hash(), Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f));
        String yaml = lab.blissYaml(origin.url(), RULES, LOG);
        proxy = ProxyServer.start(Proxies.options(yamlEdit.isEmpty() ? yaml : yaml.replace("trusted_proxies: [127.0.0.0/8]", yamlEdit), dir));
    }

    private int get(String client, String requestId, String headers) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET /page HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client
                    + "\r\nX-Request-Id: " + requestId + "\r\n" + headers).status();
        }
    }

    /** Stops the proxy (the log drains and flushes) and returns its lines by request id. */
    private Map<String, JsonObject> linesById() throws Exception {
        proxy.close();
        proxy = null;
        Map<String, JsonObject> byId = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("logs/detections.log"))) {
            JsonObject o = new JsonObject(line);
            assertNull(byId.put(o.getString("request_id"), o), "one line per request: " + line);
        }
        return byId;
    }

    @Test
    void shouldLogEachRequestUnderTheTrustedIdWithWhatTheOriginReceived() throws Exception {
        start("");
        Map<String, String> scoreSeen = new HashMap<>();
        assertEquals(200, get(BUSY_CLIENT, "lb-busy", BROWSER));
        assertEquals(200, get(NEW_CLIENT, "lb-new", BROWSER));
        assertEquals(200, get(NEW_CLIENT, "lb-curl", "User-Agent: curl/8.5.0"));
        assertEquals(200, get("66.249.64.10", "lb-google", GOOGLEBOT));
        for (int i = 0; i < 4; i++) {
            TestOrigin.Seen seen = origin.next();
            scoreSeen.put(seen.headers().get("x-request-id"), seen.headers().get("x-bot-score"));
        }
        assertEquals(403, get(NEW_CLIENT, "lb-fake", GOOGLEBOT), "a Googlebot user agent from elsewhere");
        assertEquals(0, origin.seenCount());

        Map<String, JsonObject> lines = linesById();
        assertEquals(5, lines.size(), lines.keySet().toString());
        for (String id : List.of("lb-busy", "lb-new", "lb-curl", "lb-google")) {
            JsonObject line = lines.get(id);
            assertEquals(scoreSeen.get(id), String.valueOf(line.getInteger("score")), "the score the origin got: " + line);
            assertEquals(200, line.getInteger("status"));
            assertEquals("none", line.getString("action"));
            assertFalse(line.containsKey("rule_id"), line.encode());
            assertEquals(lab.schema.inputNames(), new ArrayList<>(line.getJsonObject("features").fieldNames()),
                    "the whole input vector, in input order, by schema name");
            assertTrue(line.getJsonObject("keys").getString("ip").matches("[0-9a-f]{16}"), line.encode());
            assertTrue(line.getLong("ts") > 1_700_000_000_000L);
        }

        JsonObject busy = lines.get("lb-busy");
        assertEquals("machine_learning", busy.getString("score_source"));
        assertEquals(BotLab.AUTOMATED_SCORE, busy.getInteger("score"));
        assertTrue(busy.getBoolean("features_available"));
        assertEquals(50.0, busy.getJsonObject("features").getDouble("ip.distinct_ua_10m"), "the stored feature");
        IpAddress busyIp = IpAddress.of(BUSY_CLIENT);
        assertEquals(String.format("%016x", DimensionKeys.clientIp(busyIp.high(), busyIp.low())),
                busy.getJsonObject("keys").getString("ip"), "the key the feature service stores under");
        assertEquals(new JsonArray(), busy.getJsonArray("detection_ids"));
        assertFalse(busy.getBoolean("verified"));
        assertFalse(busy.containsKey("verified_category"));

        assertEquals(BotLab.HUMAN_SCORE, lines.get("lb-new").getInteger("score"));
        assertEquals(0.0, lines.get("lb-new").getJsonObject("features").getDouble("ip.distinct_ua_10m"), "the default");

        JsonObject curl = lines.get("lb-curl");
        assertEquals("heuristics", curl.getString("score_source"));
        assertFalse(curl.getJsonArray("detection_ids").isEmpty(), curl.encode());
        // a request the heuristics scored still carries its whole input vector: request features and store defaults
        JsonObject curlFeatures = curl.getJsonObject("features");
        assertEquals("curl/8.5.0".length(), curlFeatures.getDouble("user_agent_length"));
        assertEquals(0.0, curlFeatures.getDouble("has_accept"));
        assertEquals(-1.0, curlFeatures.getDouble("ip.interarrival_cv_10m"), "the schema's default for an unknown client");

        JsonObject google = lines.get("lb-google");
        assertEquals("verified_bot", google.getString("score_source"));
        assertTrue(google.getBoolean("verified"));
        assertEquals("search_engine", google.getString("verified_category"));

        JsonObject fake = lines.get("lb-fake");
        assertEquals(403, fake.getInteger("status"));
        assertEquals("fake-bots", fake.getString("rule_id"));
        assertEquals("block", fake.getString("action"));
        assertTrue(fake.getJsonArray("detection_ids").contains(301), fake.encode());
    }

    @Test
    void shouldLogTheProxysOwnIdForAnUntrustedClient() throws Exception {
        start("trusted_proxies: []");
        assertEquals(200, get(NEW_CLIENT, "chosen-by-client", BROWSER));
        String sent = origin.next().headers().get("x-request-id");
        assertTrue(sent.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}"), sent);
        String metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + proxy.adminPort() + "/metrics")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(metrics.contains("bliss_plugin_bot_detection_log_dropped_total{plugin=\"bot\",reason=\"queue_full\"} 0.0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_detection_log_written_total{plugin=\"bot\"}"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_detection_log_queue_bytes{plugin=\"bot\"}"), metrics);
        Map<String, JsonObject> lines = linesById();
        assertEquals(List.of(sent), new ArrayList<>(lines.keySet()));
    }

    @Test
    void shouldRefuseABadDetectionLogSettingAtItsLine() throws Exception {
        BotLab bad = new BotLab(dir);
        ConfigException e = assertThrows(ConfigException.class, () -> ProxyServer.start(Proxies.options(
                bad.blissYaml(origin.url(), RULES, "detection_log: {path: d.log, sample_rate: 2}\n"), dir)));
        assertTrue(e.getMessage().matches("test-bliss\\.yaml:\\d+:\\d+: plugins\\[0]\\.config\\.detection_log\\.sample_rate: "
                + "must be between 0 and 1, got 2\\.0"), e.getMessage());
    }
}

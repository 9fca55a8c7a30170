package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.schema.DimensionKeys;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shadow model beside the primary in a real proxy with a real store and real CatBoost: its
 * scores in the detection log, and its disagreement with the primary on {@code /metrics}
 * (opposite sides of 30, mean absolute difference, its own score histogram), which promtool
 * accepts.
 *
 * <p>The shadow is the lab's model with its leaves swapped: where the primary says 20 it says 46
 * and the other way round, so every compared request is on the opposite side.
 */
class ShadowModelThroughProxyTest {

    private static final String BROWSER = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\nAccept: text/html\r\nAccept-Language: en";
    private static final String BUSY_CLIENT = "203.0.113.7";
    private static final String NEW_CLIENT = "198.51.100.1";

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private int get(String client, String requestId) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET /page HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client
                    + "\r\nX-Request-Id: " + requestId + "\r\n" + BROWSER).status();
        }
    }

    @Test
    void shouldLogShadowScoresAndExposeTheirDisagreement() throws Exception {
        BotLab lab = new BotLab(dir);
        Files.writeString(dir.resolve("inverted.json"),
                Files.readString(dir.resolve("model.json")).replace("[-3.0, 3.0]", "[3.0, -3.0]"));
        Files.writeString(dir.resolve("models.yaml"), """
                watch_interval: 0s
                models:
                  - {name: main, file: model.json, role: primary, features: [ip.distinct_ua_10m]}
                  - {name: inverted, file: inverted.json, role: shadow, features: [ip.distinct_ua_10m]}
                """);
        IpAddress busy = IpAddress.of(BUSY_CLIENT);
        lab.publish(lab.schema.hash(), Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f));
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(), "rules: []\n",
                "detection_log: {path: logs/detections.log, sample_rate: 1.0}\n"), dir));

        assertEquals(200, get(BUSY_CLIENT, "busy-1"));
        assertEquals(200, get(BUSY_CLIENT, "busy-2"));
        assertEquals(200, get(NEW_CLIENT, "new-1"));

        String metrics = AdminHttp.get(proxy.adminPort(), "/metrics").body();
        assertTrue(metrics.contains("bliss_plugin_bot_shadow_compared_total{model=\"inverted\",plugin=\"bot\"} 3"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_shadow_opposite_side_total{model=\"inverted\",plugin=\"bot\"} 3"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_shadow_disagreement_ratio{model=\"inverted\",plugin=\"bot\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_shadow_mean_absolute_difference{model=\"inverted\",plugin=\"bot\"} 26.0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_shadow_absolute_difference_total{model=\"inverted\",plugin=\"bot\"} 78"), metrics);
        // the shadow said 46 twice (busy client) and 20 once: buckets le=20 and le=50
        assertTrue(metrics.contains("bliss_plugin_bot_model_score_bucket{model=\"inverted\",plugin=\"bot\",role=\"shadow\",le=\"10.0\"} 0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_model_score_bucket{model=\"inverted\",plugin=\"bot\",role=\"shadow\",le=\"20.0\"} 1"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_model_score_bucket{model=\"inverted\",plugin=\"bot\",role=\"shadow\",le=\"40.0\"} 1"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_model_score_bucket{model=\"inverted\",plugin=\"bot\",role=\"shadow\",le=\"50.0\"} 3"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_model_trees{model=\"main\",plugin=\"bot\",role=\"primary\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_model_reloads_total{outcome=\"failure\",plugin=\"bot\"} 0"), metrics);
        assertTrue(metrics.contains("bliss_plugin_bot_store_keys{dimension=\"ip\",plugin=\"bot\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_bot_score_bucket{source=\"machine_learning\",le=\"20.0\"} 2"), metrics);
        promtoolAccepts(metrics);

        proxy.close();
        proxy = null;
        Map<String, JsonObject> lines = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("logs/detections.log"))) {
            JsonObject o = new JsonObject(line);
            lines.put(o.getString("request_id"), o);
        }
        assertEquals(BotLab.AUTOMATED_SCORE, lines.get("busy-1").getInteger("score"));
        assertEquals(new JsonObject().put("inverted", BotLab.HUMAN_SCORE), lines.get("busy-1").getJsonObject("shadow_scores"));
        assertEquals(new JsonObject().put("inverted", BotLab.AUTOMATED_SCORE), lines.get("new-1").getJsonObject("shadow_scores"));
        assertFalse(lines.get("new-1").encode().contains("shadow_scores\":{}"));
    }

    private static void promtoolAccepts(String metrics) throws Exception {
        Process p = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
        p.getOutputStream().write(metrics.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool finished");
        assertEquals(0, p.exitValue(), "promtool check metrics:\n" + out.toString(StandardCharsets.UTF_8));
    }
}

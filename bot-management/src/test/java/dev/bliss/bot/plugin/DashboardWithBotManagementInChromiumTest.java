package dev.bliss.bot.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.HeadlessChromium;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import dev.bliss.store.schema.DimensionKeys;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin dashboard of a proxy with real bot management (store, CatBoost primary and shadow) in
 * a real headless Chromium: the score sources bot management decided, the models with their
 * shadow's disagreement, and the store's keys, as the page shows them. Leaves a screenshot in
 * {@code target/dashboard-bot-management.png}.
 */
class DashboardWithBotManagementInChromiumTest {

    private static final String BROWSER = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36\r\nAccept: text/html\r\nAccept-Language: en";
    private static final String BUSY_CLIENT = "203.0.113.7";

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

    private void get(String client, String headers, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            try (RawHttp c = new RawHttp(proxy.port(0))) {
                c.exchange("GET /page/" + i + " HTTP/1.1\r\nHost: shop.example\r\nX-Forwarded-For: " + client + "\r\n" + headers);
            }
        }
    }

    @Test
    void shouldShowTheModelsTheirDisagreementAndTheStore() throws Exception {
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
        proxy = ProxyServer.start(Proxies.options(lab.blissYaml(origin.url(),
                "rules:\n  - {id: block-automated, expression: 'bot.score lt 30 and not bot.verified', action: block}\n", ""), dir));

        get(BUSY_CLIENT, BROWSER, 12);
        get("198.51.100.1", BROWSER, 30);
        get("198.51.100.2", "User-Agent: curl/8.5.0", 6);
        get("66.249.64.10", "User-Agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 3);

        lab.publish(lab.schema.hash(), Map.of(DimensionKeys.clientIp(busy.high(), busy.low()), 50f)); // a fresh snapshot
        try (HeadlessChromium browser = HeadlessChromium.start(dir.resolve("profile"), 1400, 1200)) {
            browser.navigate("http://127.0.0.1:" + proxy.adminPort() + "/");
            JsonObject seen = new JsonObject((String) browser.evaluateWhen(
                    "document.getElementById('models').textContent.includes('inverted')",
                    "JSON.stringify({models: document.getElementById('models').textContent,"
                            + " plugins: document.getElementById('plugins').textContent,"
                            + " store: document.getElementById('store-state').dataset.state,"
                            + " storeDetail: document.getElementById('store-detail').textContent,"
                            + " legend: document.getElementById('legend').textContent,"
                            + " total: +document.getElementById('histogram').dataset.total})"));
            String models = seen.getString("models");
            assertTrue(models.contains("main") && models.contains("primary") && models.contains("shadow"), models);
            assertTrue(models.contains("disagreement_ratio 1"), "the inverted shadow disagrees on every request: " + models);
            assertTrue(models.contains("mean_absolute_difference 26"), "the shadow says 46 where the primary says 20 and the other way round: " + models);
            assertTrue(seen.getString("plugins").contains("bot_store_keys"), seen.getString("plugins"));
            // the lab's writer runs in this JVM and published a moment ago
            assertEquals("live", seen.getString("store"), seen.getString("storeDetail"));
            assertTrue(seen.getString("storeDetail").matches("snapshot #\\d+, [\\d.]+ s old · keys 1 · events dropped 51 \\(events ring not connected\\)"), seen.getString("storeDetail"));
            String legend = seen.getString("legend");
            assertTrue(legend.contains("machine_learning · 42") && legend.contains("heuristics · 6") && legend.contains("verified_bot · 3"),
                    legend);
            assertEquals(51, seen.getInteger("total"), "every request has a score");

            byte[] png = browser.screenshot();
            assertTrue(png.length > 10_000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG of the page");
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target", "dashboard-bot-management.png"), png);
        }
    }
}

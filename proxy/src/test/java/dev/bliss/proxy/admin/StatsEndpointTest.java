package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /stats} after real traffic through a real proxy with two event loops. */
class StatsEndpointTest {

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

    private JsonObject stats() throws Exception {
        HttpResponse<String> r = AdminHttp.get(proxy.adminPort(), "/stats");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("application/json", r.headers().firstValue("content-type").orElse(""));
        return new JsonObject(r.body());
    }

    @Test
    void shouldReportScoresBySourceRulesDetectionsAndLowScoreFingerprints() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: block-bots, expression: 'bot.score lt 5', action: block}
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                plugins:
                  - {name: score, type: test-score}
                """), dir));
        ScoredTraffic traffic = new ScoredTraffic(proxy.port(0));
        assertEquals(200, traffic.send(30, 90, "machine_learning", "Mozilla/5.0", "t13d_human", 0));
        assertEquals(200, traffic.send(10, 20, "machine_learning", "python-requests/2.32", "t13d_bot", 7));
        assertEquals(403, traffic.send(5, 1, "heuristics", "curl/8.5", null, 3));
        traffic.send(5, 0, "not_computed", "Mozilla/5.0", null, 0);

        JsonObject s = stats();
        JsonObject minute = s.getJsonObject("last_minute");
        assertEquals(50, minute.getLong("requests"));
        assertEquals(45, minute.getLong("scored"));
        assertEquals(15, minute.getLong("low_score"));
        JsonObject sources = minute.getJsonObject("sources");
        assertEquals(30, sources.getJsonArray("machine_learning").getLong(90));
        assertEquals(10, sources.getJsonArray("machine_learning").getLong(20));
        assertEquals(5, sources.getJsonArray("heuristics").getLong(1));
        assertEquals(5, sources.getJsonArray("not_computed").getLong(0));
        assertEquals(s.getJsonObject("last_hour").getLong("requests"), 50L);
        assertTrue(s.getBoolean("scores_available"));

        JsonArray rules = s.getJsonArray("rules");
        assertEquals(new JsonObject().put("id", "block-bots").put("action", "block").put("matched", 5L).put("evaluated", 50L)
                        .putNull("challenges_passed"),
                rules.getJsonObject(0));
        assertEquals(new JsonObject().put("id", "7").put("count", 10L), s.getJsonArray("detection_ids").getJsonObject(0));
        assertEquals(new JsonObject().put("value", "t13d_bot").put("count", 10L), s.getJsonArray("low_score_ja4").getJsonObject(0));
        assertEquals("python-requests/2.32", s.getJsonArray("low_score_user_agents").getJsonObject(0).getString("value"));
        assertEquals(5L, s.getJsonObject("local_responses").getLong("blocked"));
        assertEquals(45L, s.getJsonObject("statuses").getLong("200"));
        long perSecond = s.getJsonArray("requests_per_second").stream().mapToLong(v -> ((Number) v).longValue()).sum();
        assertTrue(perSecond <= 50, "the series counts complete seconds only: " + perSecond);
    }

    @Test
    void shouldServeTheDashboardPageSelfContained() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        HttpResponse<String> page = AdminHttp.get(proxy.adminPort(), "/");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("content-type").orElse("").startsWith("text/html"));
        assertTrue(page.headers().firstValue("content-security-policy").orElse("").contains("default-src 'none'"));
        assertTrue(page.body().contains("fetch(\"/stats\""), "the page polls /stats");
        String outside = page.body().replace("http://www.w3.org/2000/svg", ""); // a namespace name, never fetched
        assertTrue(!outside.contains("http://") && !outside.contains("https://") && !outside.contains("<link"), "no external resource");
        JsonObject s = stats();
        assertEquals(false, s.getBoolean("scores_available"), "no detector produces bot.score");
    }
}

package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.HeadlessChromium;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real headless Chromium, served by a real proxy after real traffic: the page
 * loads, draws the score histogram of what went through, the upstream table and the recent top
 * lists as {@code /stats} has them, and redraws when more traffic comes.
 * Leaves a screenshot in {@code target/dashboard.png} (the README's picture is one of these).
 */
class DashboardInChromiumTest {

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private final TestOrigin featureService = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: block-likely-bots, expression: 'bot.score lt 10 and not bot.score_source eq "verified_bot"', action: block}
                  - {id: watch-low, expression: 'bot.score lt 30', action: log}
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                plugins:
                  - {name: score, type: test-score}
                """), dir));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
        featureService.close();
    }

    @Test
    void shouldDrawTheScoreHistogramAndRedrawItAsTrafficComes() throws Exception {
        ScoredTraffic traffic = new ScoredTraffic(proxy.port(0));
        int sent = traffic.sendMix(400);
        // what bliss run adds for the feature service it embeds; here a section of the test's own
        java.util.concurrent.atomic.AtomicLong lag = new java.util.concurrent.atomic.AtomicLong(7);
        proxy.addStatsSection("sidecar", () -> new JsonObject().put("healthy", true)
                .put("cluster", new JsonObject().put("mode", "fleet").put("fleet_lag_records", lag.get())));
        proxy.addStatsSection("broken", () -> {
            throw new IllegalStateException("not today");
        });
        // and what it adds for a feature service running as its own process: its GET /status, fetched
        featureService.behaviour(req -> featureService.record(req, () -> req.response().putHeader("content-type", "application/json")
                .end(new JsonObject().put("healthy", true).put("snapshot", new JsonObject().put("sequence", 12)).encode())));
        java.net.URI status = java.net.URI.create(featureService.url() + "/status");
        proxy.addRemoteStatsSection("feature_service", status);

        try (HeadlessChromium browser = HeadlessChromium.start(dir.resolve("profile"), 1400, 1100)) {
            browser.navigate("http://127.0.0.1:" + proxy.adminPort() + "/");
            String first = (String) browser.evaluateWhen(
                    "+document.getElementById('status').dataset.updates >= 1",
                    "JSON.stringify({total: +document.getElementById('histogram').dataset.total,"
                            + " bars: document.querySelectorAll('#histogram rect.bar').length,"
                            + " updates: +document.getElementById('status').dataset.updates,"
                            + " minute: document.getElementById('minute-requests').textContent,"
                            + " rules: document.querySelectorAll('#rules tr').length,"
                            + " legend: document.getElementById('legend').textContent,"
                            + " upstreamBytes: document.querySelector('#upstreams tr[data-upstream=\"app\"] td[data-k=\"bytes\"]').dataset.value,"
                            + " upstreamRps: +document.querySelector('#upstreams tr[data-upstream=\"app\"] td[data-k=\"rps\"]').dataset.value,"
                            + " upstreamOpen: document.querySelector('#upstreams tr[data-upstream=\"app\"] td[data-k=\"open\"]').textContent,"
                            + " p50: document.querySelector('#upstreams tr[data-upstream=\"app\"] td[data-k=\"p50\"]').textContent,"
                            + " topPath: document.querySelector('#recent-paths tr:nth-child(2) td').textContent,"
                            + " topPathCount: document.querySelector('#recent-paths tr:nth-child(2) td:nth-child(2)').textContent,"
                            + " topClient: document.querySelector('#recent-clients tr:nth-child(2) td').textContent,"
                            + " deciding: document.getElementById('recent-rules').textContent,"
                            + " store: document.getElementById('store-detail').textContent,"
                            + " sections: [...document.querySelectorAll('#sections tr')].slice(1).map(r => [...r.cells].map(c => c.textContent).join('|'))})");
            JsonObject seen = new JsonObject(first);
            JsonObject stats = new JsonObject(AdminHttp.get(proxy.adminPort(), "/stats").body());
            long scored = stats.getJsonObject("last_minute").getLong("scored");
            assertTrue(scored > 300, "most of the mix has a score: " + stats.getJsonObject("last_minute"));
            assertEquals(scored, seen.getLong("total"), "the bars add up to the scored requests of the last minute");
            assertTrue(seen.getInteger("bars") > 20, "one bar per (score, source) that occurred: " + seen);
            assertEquals(Integer.toString(sent), seen.getString("minute"));
            assertTrue(seen.getString("legend").contains("machine_learning"), seen.getString("legend"));
            assertTrue(seen.getInteger("rules") >= 3, "a header row and the two rules: " + seen);
            // the upstream table shows the origin's row as /stats has it
            JsonObject app = stats.getJsonArray("upstreams").getJsonObject(0);
            assertEquals("app", app.getString("upstream"));
            assertEquals(app.getLong("request_bytes") + "/" + app.getLong("response_bytes"), seen.getString("upstreamBytes"));
            assertTrue(app.getLong("response_bytes") > 0, app.encode());
            assertTrue(seen.getDouble("upstreamRps") > 0, seen.encode());
            assertEquals(app.getLong("open") + " / " + app.getLong("idle"), seen.getString("upstreamOpen"));
            assertTrue(seen.getString("p50").endsWith(" ms"), seen.getString("p50"));
            // the recent lists: every request of the mix went to one path from one client
            assertEquals("/page/0", seen.getString("topPath"));
            assertEquals(Integer.toString(sent), seen.getString("topPathCount"));
            assertEquals("127.0.0.1", seen.getString("topClient"));
            assertTrue(seen.getString("deciding").contains("block-likely-bots") && seen.getString("deciding").contains("watch-low"),
                    seen.getString("deciding"));
            assertEquals("no plugin reports a feature store", seen.getString("store"), "the test detector reads no store");
            // the sections, as /stats has them: sorted by name, nested keys dotted, a failing one says why
            assertEquals("fleet", stats.getJsonObject("sections").getJsonObject("sidecar").getJsonObject("cluster").getString("mode"));
            @SuppressWarnings("unchecked")
            List<String> rows = (List<String>) seen.getJsonArray("sections").getList();
            assertEquals(List.of("broken|error|java.lang.IllegalStateException: not today", "sidecar|healthy|true",
                    "sidecar|cluster.mode|fleet", "sidecar|cluster.fleet_lag_records|7"),
                    rows.stream().filter(r -> !r.startsWith("feature_service|")).toList());
            // the other process's section, once fetched: its values and where they came from
            String remote = (String) browser.evaluateWhen(
                    "[...document.querySelectorAll('#sections tr')].some(r => r.cells[1] && r.cells[1].textContent === 'snapshot.sequence')",
                    "[...document.querySelectorAll('#sections tr')].slice(1).map(r => [...r.cells].map(c => c.textContent).join('|'))"
                            + ".filter(r => r.startsWith('feature_service|')).join('\\n')");
            assertTrue(remote.contains("feature_service|healthy|true") && remote.contains("feature_service|snapshot.sequence|12")
                    && remote.contains("feature_service|source|" + status) && remote.contains("feature_service|fetched_ms_ago|"), remote);

            // more traffic, at a score nobody had: the page must pick it up on its own
            traffic.send(40, 42, "heuristics", "bench/1.0", null, 0);
            String second = (String) browser.evaluateWhen(
                    "+document.getElementById('histogram').dataset.total >= " + (scored + 40),
                    "JSON.stringify({updates: +document.getElementById('status').dataset.updates,"
                            + " bar: (document.querySelector('#histogram rect.bar[data-score=\"42\"][data-source=\"heuristics\"]') || {}).dataset})");
            JsonObject after = new JsonObject(second);
            assertTrue(after.getInteger("updates") > seen.getInteger("updates"), "the page polled again: " + after);
            assertEquals("40", after.getJsonObject("bar").getString("count"), after.encode());

            byte[] png = browser.screenshot();
            assertTrue(png.length > 10_000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG of the page");
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target", "dashboard.png"), png);
        }
    }
}

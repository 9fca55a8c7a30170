package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.ReloadOutcome;
import dev.bliss.proxy.config.ProxyConfigReader;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestDetectors;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGHUP's reload, called as {@link ProxyServer#reload()} and as {@code POST /reload}: routes,
 * upstreams (a group that did not exist at start), trusted proxies, rules and a plugin's files
 * change under a running proxy; a refused part changes nothing of the proxy's own; what only a
 * restart changes is named.
 */
class ConfigurationReloadTest {

    @TempDir
    Path dir;

    private TestOrigin a;
    private TestOrigin b;
    private ProxyServer proxy;
    private Path yaml;

    @BeforeEach
    void start() throws Exception {
        a = new TestOrigin();
        b = new TestOrigin();
        Files.writeString(dir.resolve("rules.yaml"), "rules: []\n");
        Files.writeString(dir.resolve("plugin.txt"), "one\n");
        yaml = dir.resolve("bliss.yaml");
        Files.writeString(yaml, config(0, "a", a.url(), "[]"));
        proxy = ProxyServer.start(ProxyConfigReader.read(yaml), () -> ProxyConfigReader.read(yaml));
    }

    @AfterEach
    void stop() {
        proxy.close();
        a.close();
        b.close();
    }

    private static String config(int port, String upstream, String origin, String trusted) {
        return """
                proxy:
                  event_loops: 2
                listeners:
                  - host: 127.0.0.1
                    port: %d
                admin:
                  host: 127.0.0.1
                  port: 0
                trusted_proxies: %s
                upstreams:
                  %s:
                    origins: [%s]
                routes:
                  - path_prefix: /
                    upstream: %s
                rules: rules.yaml
                plugins:
                  - name: reloadable
                    type: test-reloadable
                    config: {file: plugin.txt}
                """.formatted(port, trusted, upstream, origin, upstream);
    }

    private int get(String path, String extraHeader) throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            return client.exchange("GET " + path + " HTTP/1.1\r\nHost: shop.example" + extraHeader).status();
        }
    }

    @Test
    void shouldPutNewRoutesTrustedProxiesRulesAndPluginFilesInForce() throws Exception {
        assertEquals(200, get("/one", "\r\nX-Forwarded-For: 198.51.100.9"));
        TestOrigin.Seen before = a.next();
        assertFalse(before.headers().get("x-forwarded-for").startsWith("198.51.100.9"), "not a trusted peer yet");
        assertEquals("one", before.headers().get("x-reloadable"));

        Files.writeString(yaml, config(0, "b", b.url(), "[127.0.0.1/32]"));
        Files.writeString(dir.resolve("rules.yaml"), "rules:\n  - {id: no-x, expression: 'http.request.uri.path eq \"/x\"', action: block}\n");
        Files.writeString(dir.resolve("plugin.txt"), "two\n");
        ReloadOutcome outcome = Await.result(proxy.reload());

        assertTrue(outcome.applied(), outcome.summary());
        assertTrue(outcome.summary().contains("1 routes, 1 upstreams; 1 trusted proxies"), outcome.summary());
        assertTrue(outcome.summary().contains("plugin reloadable: loaded two"), outcome.summary());
        assertTrue(outcome.summary().contains("1 rules"), outcome.summary());
        assertFalse(outcome.summary().contains("restart"), outcome.summary());
        assertEquals(200, get("/two", "\r\nX-Forwarded-For: 198.51.100.9"));
        TestOrigin.Seen after = b.next(); // an upstream group that did not exist when the loops started
        assertEquals("/two", after.uri());
        assertTrue(after.headers().get("x-forwarded-for").startsWith("198.51.100.9"), after.headers().get("x-forwarded-for"));
        assertEquals("two", after.headers().get("x-reloadable"));
        assertEquals(403, get("/x", ""));
        assertEquals(0, a.seenCount());
    }

    @Test
    void shouldChangeNothingOfItsOwnWhenAPartIsRefused() throws Exception {
        Files.writeString(yaml, config(0, "b", b.url(), "[127.0.0.1/32]"));
        Files.writeString(dir.resolve("rules.yaml"), "rules:\n  - {id: no-x, expression: 'http.request.uri.path eq \"/x\"', action: block}\n");
        Files.writeString(dir.resolve("plugin.txt"), "invalid\n");

        ReloadOutcome outcome = Await.result(proxy.reload());

        assertFalse(outcome.applied());
        assertTrue(outcome.summary().contains("plugin.txt:1:1: refused: invalid"), outcome.summary());
        assertEquals(200, get("/x", ""), "the new rules are not in force");
        assertEquals("/x", a.next().uri(), "nor the new routes");
        assertEquals(0, b.seenCount());
    }

    @Test
    void shouldRefuseAnInvalidConfigurationWithItsLine() throws Exception {
        Files.writeString(yaml, config(0, "b", b.url(), "[not-an-address]"));

        ReloadOutcome outcome = Await.result(proxy.reload());

        assertFalse(outcome.applied());
        assertTrue(outcome.summary().contains("bliss.yaml:9:"), outcome.summary());
        assertTrue(outcome.summary().contains("trusted_proxies"), outcome.summary());
        assertEquals(200, get("/still", ""));
        assertEquals("/still", a.next().uri());
        assertTrue(metrics().contains("bliss_reloads_total{result=\"rejected\"} 1.0"), metrics());
    }

    @Test
    void shouldNameWhatOnlyARestartChangesAndReloadTheRest() throws Exception {
        Files.writeString(yaml, config(18_080, "b", b.url(), "[]").replace("event_loops: 2", "event_loops: 3"));

        ReloadOutcome outcome = Await.result(proxy.reload());

        assertTrue(outcome.applied(), outcome.summary());
        assertTrue(outcome.summary().contains("only a restart applies it: listeners, proxy.event_loops"), outcome.summary());
        assertEquals(200, get("/moved", ""));
        assertEquals("/moved", b.next().uri());
    }

    @Test
    void shouldReloadOnPostToTheAdminPort() throws Exception {
        double started = lastSuccess();
        assertTrue(started > 1.7e9 && started <= System.currentTimeMillis() / 1000.0, "read at start: " + started);
        Thread.sleep(20); // the timestamp has millisecond steps
        Files.writeString(yaml, config(0, "b", b.url(), "[]"));
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> ok = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.adminPort() + "/reload"))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().startsWith("reloaded: "), ok.body());
            double reloaded = lastSuccess();
            assertTrue(reloaded > started, "an applied reload moves the timestamp: " + started + " -> " + reloaded);

            Files.writeString(yaml, "listeners: [{port: nope}]\n");
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.adminPort() + "/reload"))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(422, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("bliss.yaml:1:"), refused.body());
            assertEquals(reloaded, lastSuccess(), "a rejected one does not");
        }
        assertTrue(metrics().contains("bliss_reloads_total{result=\"applied\"} 1.0"), metrics());
    }

    @Test
    void shouldReopenPluginLogs() throws Exception {
        int before = TestDetectors.Reloadable.REOPENS.get();

        String done = Await.result(proxy.reopenLogs());

        assertEquals(before + 1, TestDetectors.Reloadable.REOPENS.get());
        assertTrue(done.contains("plugin reloadable"), done);
    }

    private String metrics() throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.adminPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        }
    }

    /** {@code bliss_reload_last_success_timestamp_seconds} as scraped. */
    private double lastSuccess() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^bliss_reload_last_success_timestamp_seconds (\\S+)$",
                java.util.regex.Pattern.MULTILINE).matcher(metrics());
        assertTrue(m.find(), metrics());
        return Double.parseDouble(m.group(1));
    }
}

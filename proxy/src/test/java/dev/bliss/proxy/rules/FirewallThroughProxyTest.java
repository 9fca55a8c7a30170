package dev.bliss.proxy.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules in a real proxy: block and challenge answered locally for HTTP/1.1, HTTP/2 and WebSocket
 * handshakes; log, skip and allow; per-rule metrics; reload by file change and by the admin
 * endpoint, with a broken file refused whole.
 */
class FirewallThroughProxyTest {

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin(new HttpServerOptions(),
            server -> server.webSocketHandler(ws -> ws.textMessageHandler(ws::writeTextMessage)));
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private void start(String rules) throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), rules);
        String yaml = Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                plugins:
                  - {name: counter, type: test-counter}
                """).replace("event_loops: 2", "event_loops: 1");
        proxy = ProxyServer.start(Proxies.options(yaml, dir));
    }

    private RawHttp.Response get(String path, String... headers) throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            return client.exchange("GET " + path + " HTTP/1.1\r\nHost: a" + (headers.length > 0 ? "\r\n" + String.join("\r\n", headers) : ""));
        }
    }

    private String admin(String method, String path) throws Exception {
        HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + proxy.adminPort() + path)).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        return r.statusCode() + " " + r.body();
    }

    @Test
    void shouldBlockOnADetectorFieldWithoutContactingTheOrigin() throws Exception {
        start("""
                rules:
                  - id: second-request
                    expression: counter.count ge 2
                    action: block
                    status: 429
                    body: "slow down\\n"
                """);
        assertEquals(200, get("/").status());
        RawHttp.Response blocked = get("/");
        assertEquals(429, blocked.status());
        assertEquals("slow down\n", blocked.body());
        origin.next();
        assertEquals(0, origin.seenCount(), "the origin saw only the first request");
        assertTrue(admin("GET", "/metrics").contains("bliss_rule_matched_total{action=\"block\",rule=\"second-request\"} 1.0"));
    }

    @Test
    void shouldLogAndLetThrough() throws Exception {
        start("""
                rules:
                  - {id: watch-env, expression: 'http.request.uri.path contains "/.env"', action: log}
                """);
        assertEquals(200, get("/.env").status());
        assertEquals("/.env", origin.next().uri());
        assertTrue(admin("GET", "/metrics").contains("bliss_rule_matched_total{action=\"log\",rule=\"watch-env\"} 1.0"));
    }

    @Test
    void shouldHonourSkipAndAllowBeforeALaterBlock() throws Exception {
        start("""
                rules:
                  - {id: allow-partner, expression: 'http.request.headers["x-partner"][0] eq "yes"', action: allow}
                  - {id: skip-health, expression: 'http.request.uri.path eq "/health"', action: skip, skip_rules: [block-all]}
                  - {id: block-all, expression: 'http.request.method eq "GET"', action: block}
                """);
        assertEquals(403, get("/").status());
        assertEquals(200, get("/health").status());
        assertEquals(200, get("/", "X-Partner: yes").status());
    }

    @Test
    void shouldChallengeLocally() throws Exception {
        start("""
                rules:
                  - {id: challenge-curl, expression: 'http.user_agent contains "curl"', action: challenge}
                """);
        RawHttp.Response r = get("/", "User-Agent: curl/8.5.0");
        assertEquals(403, r.status());
        assertEquals(0, origin.seenCount());
        assertEquals(200, get("/", "User-Agent: Mozilla/5.0").status());
    }

    @Test
    void shouldBlockHttp2AndWebSocketHandshakesWithTheConfiguredStatus() throws Exception {
        start("""
                rules:
                  - {id: no-chat, expression: 'http.request.uri.path eq "/chat"', action: block, status: 451}
                """);
        HttpClient h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        int status = Await.result(h2.request(new RequestOptions().setMethod(HttpMethod.GET).setHost("127.0.0.1")
                .setPort(proxy.port(0)).setURI("/chat")).compose(req -> req.send()).map(resp -> resp.statusCode()));
        assertEquals(451, status);

        WebSocketClient ws = origin.vertx().createWebSocketClient();
        Throwable refused = Await.result(ws.connect(new WebSocketConnectOptions().setHost("127.0.0.1")
                .setPort(proxy.port(0)).setURI("/chat")).map(s -> (Throwable) null).otherwise(t -> t));
        assertTrue(refused != null && refused.getMessage().contains("451"), String.valueOf(refused));
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldKeepTheOldRulesWhenAReloadedFileIsBroken() throws Exception {
        start("""
                rules:
                  - {id: block-admin, expression: 'http.request.uri.path eq "/admin"', action: block}
                """);
        assertEquals(403, get("/admin").status());
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: broken, expression: 'http.request.uri.path eq', action: block}
                """);
        String answer = admin("POST", "/rules/reload");
        assertTrue(answer.startsWith("422 "), answer);
        assertTrue(answer.contains("Filter parsing error"), answer);
        assertEquals(403, get("/admin").status(), "the previous rules are still in force");
    }

    @Test
    void shouldReloadWhenTheFileChanges() throws Exception {
        start("""
                rules:
                  - {id: block-a, expression: 'http.request.uri.path eq "/a"', action: block}
                """);
        assertEquals(403, get("/a").status());
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: block-b, expression: 'http.request.uri.path eq "/b"', action: block}
                """);
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (get("/b").status() != 403 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(403, get("/b").status(), "the changed file was loaded");
        assertEquals(200, get("/a").status());
    }
}

package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every answer the proxy gives itself names the request id, in the request id header and in
 * the body, like Cloudflare's Ray ID: blocks (default and templated), challenges, 404, 413, 502,
 * 504. The id is the one the access log and the detection log record.
 */
class RequestIdOnLocalAnswersTest {

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

    private RawHttp.Response get(String path, String... headers) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET " + path + " HTTP/1.1\r\nHost: a" + (headers.length > 0 ? "\r\n" + String.join("\r\n", headers) : ""));
        }
    }

    /** The id in the header, and that the body names it. */
    private static String idOf(RawHttp.Response r) {
        String id = r.headers().get("x-request-id");
        assertTrue(id != null && !id.isEmpty(), "x-request-id on a local answer: " + r.headers());
        assertTrue(r.body().contains(id), "the body names the request id " + id + ": " + r.body());
        return id;
    }

    @Test
    void shouldNameTheRequestIdInBlocksAndChallenges() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: plain-block, expression: 'http.request.uri.path eq "/a"', action: block}
                  - id: json-block
                    expression: 'http.request.uri.path eq "/b"'
                    action: block
                    status: 429
                    content_type: application/json
                    body: '{"error":"rate limited","rule":"${rule_id}","request_id":"${request_id}"}'
                  - {id: challenge-c, expression: 'http.request.uri.path eq "/c"', action: challenge}
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), "rules: rules.yaml\n"), dir));

        RawHttp.Response plain = get("/a");
        assertEquals(403, plain.status());
        assertEquals("Forbidden: this request was blocked by the firewall.\nrequest id: " + idOf(plain) + "\n", plain.body());

        RawHttp.Response json = get("/b");
        assertEquals(429, json.status());
        assertEquals("application/json", json.headers().get("content-type"));
        assertEquals("{\"error\":\"rate limited\",\"rule\":\"json-block\",\"request_id\":\"" + idOf(json) + "\"}", json.body());

        RawHttp.Response challenged = get("/c");
        assertEquals(403, challenged.status());
        idOf(challenged);
        assertEquals(0, origin.seenCount(), "no local answer reached the origin");
    }

    @Test
    void shouldNameTheTrustedBalancersIdWhenItSentOne() throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), "rules:\n  - {id: all, expression: 'http.request.method eq \"GET\"', action: block}\n");
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(),
                "rules: rules.yaml\ntrusted_proxies: [127.0.0.0/8]\n"), dir));
        RawHttp.Response r = get("/", "X-Request-Id: lb-7f3a");
        assertEquals("lb-7f3a", idOf(r));
    }

    @Test
    void shouldNameTheRequestIdInTheProxysOwnErrors() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        proxy = Proxies.start(Proxies.singleOrigin("http://127.0.0.1:" + closed, "limits:\n  max_body_size: 10\n")
                .replace("routes:\n  - path_prefix: /\n", "routes:\n  - path_prefix: /app\n"));
        RawHttp.Response notFound = get("/elsewhere");
        assertEquals(404, notFound.status());
        assertTrue(notFound.body().startsWith("no route for this host and path\nrequest id: "), notFound.body());
        idOf(notFound);

        RawHttp.Response badGateway = get("/app");
        assertEquals(502, badGateway.status());
        idOf(badGateway);

        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response tooLarge = c.exchange("POST /app HTTP/1.1\r\nHost: a\r\nContent-Length: 100");
            assertEquals(413, tooLarge.status());
            idOf(tooLarge);
        }
    }

    @Test
    void shouldNameTheRequestIdInAGatewayTimeout() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> { /* never answers */ }));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 300ms\n"));
        RawHttp.Response r = get("/slow");
        assertEquals(504, r.status());
        idOf(r);
    }

    @Test
    void shouldNameTheRequestIdWhenNoOriginIsAvailable() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        proxy = Proxies.start(Proxies.singleOrigin("http://127.0.0.1:" + closed, "")
                .replace("    origins: [", "    max_failures: 1\n    cooldown: 60s\n    origins: ["));
        assertEquals(502, get("/").status(), "the failed connect puts the only origin in its cooldown");
        RawHttp.Response unavailable = get("/");
        assertEquals(502, unavailable.status());
        assertTrue(unavailable.body().startsWith("bad gateway: every origin of this upstream is failing\n"), unavailable.body());
        idOf(unavailable);
    }

    @Test
    void shouldNameARequestIdWhenTheHeadItselfIsRefused() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response tooLarge = c.exchange("GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + "x".repeat(20_000));
            assertEquals(431, tooLarge.status());
            assertTrue(tooLarge.body().startsWith("request header fields too large\nrequest id: "), tooLarge.body());
            idOf(tooLarge);
        }
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response longTarget = c.exchange("GET /" + "a".repeat(9_000) + " HTTP/1.1\r\nHost: a");
            assertEquals(414, longTarget.status());
            idOf(longTarget);
        }
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response bad = c.exchange("GET / HTTP/1.1\r\nHost: a\r\nBad Header: x");
            assertEquals(400, bad.status());
            String first = idOf(bad);
            try (RawHttp again = new RawHttp(proxy.port(0))) {
                assertTrue(!idOf(again.exchange("GET / HTTP/1.1\r\nHost: a\r\nBad Header: x")).equals(first),
                        "every refused head gets an id of its own");
            }
        }
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldNameTheRequestIdWhenARequiredDetectorFails() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: strict, type: test-throw, on_error: closed}\n"));
        RawHttp.Response failed = get("/");
        assertEquals(503, failed.status());
        idOf(failed);
        assertEquals(0, origin.seenCount());
    }
}

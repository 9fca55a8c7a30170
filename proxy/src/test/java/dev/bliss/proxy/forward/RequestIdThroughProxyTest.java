package dev.bliss.proxy.forward;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestDetectors;
import dev.bliss.proxy.testing.TestOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request ids in the real proxy: believed from a trusted peer when sane, made by the proxy
 * otherwise, sent to the origin in place of the client's, seen by detectors in every phase with
 * the firewall's outcome, and written to the access log.
 */
class RequestIdThroughProxyTest {

    private static final String MADE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}";

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void forget() {
        TestDetectors.Outcome.SEEN.clear();
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private void start(String extra) throws Exception {
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: no-admin, expression: 'http.request.uri.path eq "/admin"', action: block}
                  - {id: watch, expression: 'http.request.uri.path eq "/watched"', action: log}
                """);
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                access_log: {enabled: true, path: access.log}
                plugins:
                  - {name: outcome, type: test-outcome}
                """ + extra).replace("event_loops: 2", "event_loops: 1"), dir));
    }

    private RawHttp.Response get(String path, String headers) throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            return c.exchange("GET " + path + " HTTP/1.1\r\nHost: shop.example" + (headers.isEmpty() ? "" : "\r\n" + headers));
        }
    }

    private String completed() throws InterruptedException {
        String line = TestDetectors.Outcome.SEEN.poll(10, TimeUnit.SECONDS);
        assertTrue(line != null, "the log phase ran");
        return line;
    }

    @Test
    void shouldBelieveASaneIdFromATrustedPeer() throws Exception {
        start("trusted_proxies: [127.0.0.0/8]\n");
        assertEquals(200, get("/", "X-Request-Id: lb-4711-abc").status());
        TestOrigin.Seen seen = origin.next();
        assertEquals(List.of("lb-4711-abc"), seen.headers().getAll("x-request-id"));
        assertEquals("lb-4711-abc", seen.headers().get("x-test-request-id"), "what detectors see");
        assertEquals("lb-4711-abc 200 null none true", completed());
    }

    @Test
    void shouldMakeAnIdWhenATrustedPeerSendsAnUnusableOne() throws Exception {
        start("trusted_proxies: [127.0.0.0/8]\n");
        assertEquals(200, get("/", "X-Request-Id: " + "a".repeat(RequestIds.MAX_LENGTH + 1)).status());
        assertTrue(origin.next().headers().get("x-request-id").matches(MADE));
        assertEquals(200, get("/", "X-Request-Id: two words").status());
        assertTrue(origin.next().headers().get("x-request-id").matches(MADE));
    }

    @Test
    void shouldReplaceTheIdOfAnUntrustedClientWithItsOwn() throws Exception {
        start("request_id_header: X-Trace-Id\n");
        assertEquals(200, get("/", "X-Trace-Id: chosen-by-client").status());
        TestOrigin.Seen first = origin.next();
        String id = first.headers().get("x-trace-id");
        assertEquals(1, first.headers().getAll("x-trace-id").size());
        assertTrue(id.matches(MADE), id);
        assertEquals(id, first.headers().get("x-test-request-id"));
        assertEquals(200, get("/", "").status());
        String next = origin.next().headers().get("x-trace-id");
        assertTrue(next.matches(MADE), next);
        assertNotEquals(id, next, "one id per request");
        assertEquals(id.substring(0, 14), next.substring(0, 14), "same process and loop: only the counter differs");
    }

    @Test
    void shouldGiveTheLogPhaseTheRuleActionAndStatusAndLogTheId() throws Exception {
        start("trusted_proxies: [127.0.0.0/8]\n");
        assertEquals(403, get("/admin", "X-Request-Id: blocked-1").status());
        assertEquals("blocked-1 403 no-admin block true", completed());
        assertEquals(200, get("/watched", "X-Request-Id: logged-1").status());
        assertEquals("logged-1 200 watch log true", completed());
        assertEquals("/watched", origin.next().uri());
        assertEquals(0, origin.seenCount(), "the blocked request never reached the origin");
        proxy.close(); // flushes the access log
        proxy = null;
        List<String> lines = Files.readAllLines(dir.resolve("access.log"));
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("{\"ts\":") && lines.get(0).contains("\"request_id\":\"blocked-1\""), lines.get(0));
        assertTrue(lines.get(1).contains("\"request_id\":\"logged-1\"") && lines.get(1).contains("\"action\":\"log\""), lines.get(1));
    }
}

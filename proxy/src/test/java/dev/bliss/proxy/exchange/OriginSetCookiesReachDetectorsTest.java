package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestDetectors;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The origin's Set-Cookie values reach the detectors' log phase ({@code Completion.setCookie}), in
 * the origin's order, through the real proxy; an exchange reused for the next request on the
 * connection offers none of them again, and the proxy's own answers offer none.
 */
class OriginSetCookiesReachDetectorsTest {

    @TempDir
    Path dir;

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        TestDetectors.SetCookies.SEEN.clear();
        origin.behaviour(req -> origin.record(req, () -> {
            HttpServerResponse response = req.response();
            int cookies = req.path().startsWith("/many") ? 10 : req.path().startsWith("/login") ? 2 : 0;
            for (int i = 0; i < cookies; i++) {
                response.headers().add("set-cookie", i == 0 ? "sid=abc; Path=/; HttpOnly" : "c" + i + "=" + i);
            }
            response.end("ok");
        }));
        Files.writeString(dir.resolve("rules.yaml"), """
                rules:
                  - {id: no-admin, expression: 'http.request.uri.path eq "/admin"', action: block}
                """);
        // one event loop: the second request on a connection reuses the first one's pooled exchange
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(), """
                rules: rules.yaml
                plugins:
                  - {name: cookies, type: test-set-cookie}
                """).replace("event_loops: 2", "event_loops: 1"), dir));
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private static String completed() throws InterruptedException {
        String line = TestDetectors.SetCookies.SEEN.poll(10, TimeUnit.SECONDS);
        assertNotNull(line, "the log phase ran");
        return line;
    }

    @Test
    void shouldOfferTheOriginsCookiesOnceAndInOrder() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            RawHttp.Response login = c.exchange("GET /login HTTP/1.1\r\nHost: shop.example");
            assertEquals(200, login.status());
            assertEquals("/login 2 sid=abc; Path=/; HttpOnly|c1=1", completed());
            assertEquals(200, c.exchange("GET /plain HTTP/1.1\r\nHost: shop.example\r\nCookie: sid=abc").status());
            assertEquals("/plain 0", completed(), "the reused exchange forgot the last response's cookies");
        }
    }

    @Test
    void shouldOfferTheFirstEightOfMany() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            assertEquals(200, c.exchange("GET /many HTTP/1.1\r\nHost: shop.example").status());
        }
        String line = completed();
        assertEquals("/many 8", line.substring(0, line.indexOf(' ', 6)));
        assertEquals("sid=abc; Path=/; HttpOnly|c1=1|c2=2|c3=3|c4=4|c5=5|c6=6|c7=7", line.substring(line.indexOf(' ', 6) + 1));
    }

    @Test
    void shouldOfferNoneForTheProxysOwnAnswer() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(0))) {
            assertEquals(403, c.exchange("GET /admin HTTP/1.1\r\nHost: shop.example").status());
        }
        assertEquals("/admin 0", completed());
        assertEquals(0, origin.seenCount());
    }
}

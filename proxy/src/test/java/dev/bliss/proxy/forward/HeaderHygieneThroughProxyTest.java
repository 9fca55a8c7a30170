package dev.bliss.proxy.forward;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.OnContext;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Header hygiene through a real proxy and origin: hop-by-hop headers in both directions, headers
 * named by Connection, X-Forwarded-* replaced or appended by trust, Host preserved, and an HTTP/2
 * client served by an origin that sends connection-specific headers.
 */
class HeaderHygieneThroughProxyTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldReplaceForwardedHeadersSpoofedByAnUntrustedClient() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            RawHttp.Response r = client.exchange("GET /a HTTP/1.1\r\nHost: shop.example\r\n"
                    + "X-Forwarded-For: 6.6.6.6\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example");
            assertEquals(200, r.status());
        }
        TestOrigin.Seen seen = origin.next();
        assertEquals("127.0.0.1", seen.headers().get("x-forwarded-for"));
        assertEquals("http", seen.headers().get("x-forwarded-proto"));
        assertEquals("shop.example", seen.headers().get("x-forwarded-host"));
        assertEquals(1, seen.headers().getAll("x-forwarded-for").size());
    }

    @Test
    void shouldAppendToForwardedForWhenThePeerIsATrustedProxy() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "trusted_proxies: [127.0.0.0/8]\n"));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET / HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 203.0.113.7\r\nX-Forwarded-Proto: https").status());
        }
        TestOrigin.Seen seen = origin.next();
        assertEquals("203.0.113.7, 127.0.0.1", seen.headers().get("x-forwarded-for"));
        assertEquals("https", seen.headers().get("x-forwarded-proto"));
    }

    @Test
    void shouldRemoveHopByHopAndConnectionNamedHeadersBeforeTheOrigin() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, X-Client-Hop\r\n"
                    + "X-Client-Hop: secret\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nProxy-Authorization: Basic eDp5\r\n"
                    + "X-End-To-End: kept").status());
        }
        TestOrigin.Seen seen = origin.next();
        assertNull(seen.headers().get("x-client-hop"));
        assertNull(seen.headers().get("keep-alive"));
        assertNull(seen.headers().get("te"));
        assertNull(seen.headers().get("proxy-authorization"));
        assertEquals("kept", seen.headers().get("x-end-to-end"));
    }

    @Test
    void shouldRemoveHopByHopAndConnectionNamedHeadersBeforeTheClient() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> req.response()
                .putHeader("Connection", "X-Origin-Hop")
                .putHeader("X-Origin-Hop", "internal")
                .putHeader("Keep-Alive", "timeout=5")
                .putHeader("X-Kept", "yes")
                .end("ok")));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            RawHttp.Response r = client.exchange("GET / HTTP/1.1\r\nHost: a");
            assertEquals(200, r.status());
            assertFalse(r.headers().containsKey("x-origin-hop"));
            assertFalse(r.headers().containsKey("keep-alive"));
            assertEquals("yes", r.headers().get("x-kept"));
        }
    }

    @Test
    void shouldPreserveTheHostTheClientAskedFor() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET / HTTP/1.1\r\nHost: www.example.org:8443").status());
        }
        assertEquals("www.example.org:8443", origin.next().headers().get("host"));
    }

    @Test
    void shouldServeHttp2ClientsWhenTheOriginSendsConnectionHeaders() throws Exception {
        // the classic failure: an HTTP/1.1 origin's "Connection: keep-alive" reaching an HTTP/2 client
        origin.behaviour(req -> origin.record(req, () -> req.response()
                .putHeader("Connection", "keep-alive").putHeader("Keep-Alive", "timeout=5").end("h2 ok")));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        HttpClient h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        for (int i = 0; i < 5; i++) {
            // on a context: chained on this thread, a late resp.body() lost the body (see OnContext)
            String answer = Await.result(OnContext.start(origin.vertx(), () -> h2.request(new RequestOptions()
                            .setMethod(HttpMethod.POST).setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/h2"))
                    .compose(req -> req.setChunked(true).send("body without content-length"))
                    .compose(resp -> resp.body().map(b -> resp.statusCode() + " " + resp.version() + " " + b))));
            assertEquals("200 HTTP_2 h2 ok", answer);
            assertEquals("body without content-length".length(), origin.next().bodyBytes(), "an HTTP/2 body without Content-Length reaches the origin whole");
        }
    }
}

package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Oversized heads and bodies are refused by the proxy, and the origin never sees them. */
class RequestLimitsTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "limits:\n  max_header_size: 4096\n  max_body_size: 1000\n"));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void shouldAnswer431WhenTheHeadersAreTooLarge() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(431, client.exchange("GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + "x".repeat(8000)).status());
        }
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldAnswer413WhenTheDeclaredBodyIsOverTheLimit() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            RawHttp.Response r = client.exchange("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5000");
            assertEquals(413, r.status());
            assertEquals("close", r.headers().get("connection"));
        }
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldAnswer413WhenAChunkedBodyGrowsOverTheLimit() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            client.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n");
            String chunk = "x".repeat(600);
            client.send(Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
            client.send(Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n");
            RawHttp.Response r = client.read();
            assertEquals(413, r.status());
        }
    }

    @Test
    void shouldForwardAChunkedBodyWithinTheLimit() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            client.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
            assertEquals(200, client.read().status());
        }
        assertEquals(5, origin.next().bodyBytes());
    }

    @Test
    void shouldForwardABodyWithinTheLimit() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            client.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789");
            assertEquals(200, client.read().status());
        }
        assertEquals(10, origin.next().bodyBytes());
    }
}

package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.ScriptedOrigin;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Response heads an origin should not send, or sends in a form the client's hop cannot take
 * as is: a status that is not one, a switch nobody asked for, interim responses, and a bodyless
 * 304 that claims a chunked body. The client gets a well-formed answer, and a connection whose
 * origin said something invalid is not used again.
 */
class OriginStatusLinesTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private ScriptedOrigin origin;
    private ProxyServer proxy;

    @AfterEach
    void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private void start(java.util.function.IntFunction<String> script) throws Exception {
        origin = new ScriptedOrigin(script);
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
    }

    @Test
    void statusCodesOutsideOneHundredToFiveNinetyNineAre502AndTheConnectionIsDropped() throws Exception {
        String[] invalid = {"2000 Weird", "099 Low", "600 High", "101 Switching Protocols"};
        start(n -> n % 2 == 0 ? "HTTP/1.1 " + invalid[n / 2] + "\r\nContent-Length: 2\r\n\r\nno" : OK);
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            for (String status : invalid) {
                assertEquals(502, client.exchange("GET /bad HTTP/1.1\r\nHost: a").status(), status);
                RawHttp.Response next = client.exchange("GET /next HTTP/1.1\r\nHost: a");
                assertEquals(200, next.status(), "after " + status);
                assertEquals("ok", next.body());
            }
        }
        // each invalid answer cost its connection: the request after it needed a new one
        assertEquals(invalid.length + 1, origin.connections());
    }

    @Test
    void interimResponsesReachAnHttp11ClientBeforeTheFinalOne() throws Exception {
        start(n -> "HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n" + OK);
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n");
            assertEquals(102, client.read().status());
            RawHttp.Response hints = client.read();
            assertEquals(103, hints.status());
            assertEquals("</a.css>; rel=preload", hints.headers().get("link"));
            RawHttp.Response last = client.read();
            assertEquals(200, last.status());
            assertEquals("ok", last.body());
        }
    }

    @Test
    void anHttp10ClientGetsOnlyTheFinalResponse() throws Exception {
        start(n -> "HTTP/1.1 102 Processing\r\n\r\n" + OK);
        try (Socket s = new Socket("127.0.0.1", proxy.port(0))) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET / HTTP/1.0\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            String all = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(all.startsWith("HTTP/1.0 200") || all.startsWith("HTTP/1.1 200"), all);
            assertFalse(all.contains(" 102 "), all);
            assertTrue(all.endsWith("\r\n\r\nok"), all);
        }
    }

    @Test
    void aNotModifiedThatClaimsAChunkedBodyReachesTheClientBodilessAndTheConnectionStaysUsable() throws Exception {
        start(n -> n == 0 ? "HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\nETag: \"v1\"\r\n\r\n" : OK);
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            RawHttp.Response notModified = client.exchange("GET / HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"v1\"");
            assertEquals(304, notModified.status());
            assertFalse(notModified.headers().containsKey("transfer-encoding"), notModified.headers().toString());
            assertFalse(notModified.headers().containsKey("content-length"), notModified.headers().toString());
            assertEquals("\"v1\"", notModified.headers().get("etag"));
            RawHttp.Response next = client.exchange("GET /next HTTP/1.1\r\nHost: a");
            assertEquals(200, next.status());
            assertEquals("ok", next.body());
        }
        assertEquals(1, origin.connections());
    }

    @Test
    void anHttp10ClientGetsAnUnsizedBodyDelimitedByTheCloseNotChunked() throws Exception {
        start(n -> "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n");
        try (Socket s = new Socket("127.0.0.1", proxy.port(0))) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET / HTTP/1.0\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(all.contains(" 200 "), all);
            assertFalse(all.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding"), all);
            assertTrue(all.endsWith("\r\n\r\nok"), all);
        }
    }
}

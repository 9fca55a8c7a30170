package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Await;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Slow clients against the real proxy on loopback with short timeouts: a head that trickles, a body
 * that stalls, an idle keep-alive connection, and a crowd of stalled uploads next to ordinary
 * requests. Each waits for the proxy's own action (a close, a 408, a 503), never for a clock.
 */
class SlowClientsTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    private void start(String extra) throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), extra).replace("event_loops: 2", "event_loops: 1"));
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldCloseAConnectionWhoseHeadTricklesPastTheHeaderTimeout() throws Exception {
        start("timeouts: {client_header: 300ms, keepalive: 30s, client_body: 30s}\n");
        byte[] head = "GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".getBytes(StandardCharsets.ISO_8859_1);
        try (Socket s = socket()) {
            s.getOutputStream().write(head);
            int sent = 0;
            // a header byte every 50 ms, for at most 10 s: the proxy must close well before the end
            while (sent < 200 && writeSucceeds(s, (byte) 'x')) {
                sent++;
                if (closedWithin(s, 50)) {
                    break;
                }
            }
            assertTrue(sent < 200, "the connection stayed open for " + sent + " trickled header bytes");
        }
        assertEquals(0, origin.seenCount());
        assertMetric("bliss_client_timeouts_total{phase=\"header\"} 1.0");
    }

    @Test
    void shouldCloseAConnectionThatSendsNothingAfterItsAccept() throws Exception {
        start("timeouts: {client_header: 300ms, keepalive: 30s}\n");
        try (Socket s = socket()) {
            assertEquals(-1, s.getInputStream().read(), "closed without an answer");
        }
        assertMetric("bliss_client_timeouts_total{phase=\"header\"} 1.0");
    }

    @Test
    void shouldCloseAKeepAliveConnectionIdlePastTheKeepAliveTimeout() throws Exception {
        start("timeouts: {client_header: 30s, keepalive: 300ms}\n");
        try (Socket s = socket()) {
            s.getOutputStream().write("GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1); // ends at the close
            assertTrue(all.startsWith("HTTP/1.1 200"), all);
            assertTrue(!all.contains("connection: close"), "kept alive, then closed for idling: " + all);
        }
        assertMetric("bliss_client_timeouts_total{phase=\"keepalive\"} 1.0");
        assertMetric("bliss_client_timeouts_total{phase=\"header\"} 0.0");
    }

    @Test
    void shouldKeepAnHttp2ConnectionWhileAStreamIsOpenAndCloseItOnceIdle() throws Exception {
        start("timeouts: {client_header: 30s, keepalive: 300ms}\n");
        // the origin answers later than the keep-alive timeout: an open stream must hold the connection
        origin.behaviour(req -> origin.record(req, () -> origin.vertx().setTimer(900, t -> req.response().end("late"))));
        HttpClientAgent h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        HttpClientConnection connection = Await.result(h2.connect(new HttpConnectOptions()
                .setHost("127.0.0.1").setPort(proxy.port(0))));
        Promise<Void> closed = Promise.promise();
        connection.closeHandler(v -> closed.tryComplete());
        String body = Await.result(connection.request(new RequestOptions().setURI("/slow").setHost("a"))
                .compose(r -> r.send()).compose(r -> r.body()).map(Object::toString));
        assertEquals("late", body);
        Await.result(closed.future()); // and then, idle, it is closed
        assertMetric("bliss_client_timeouts_total{phase=\"keepalive\"} 1.0");
        Await.result(h2.close());
    }

    @Test
    void shouldAnswer408WhenTheBodyStallsAndNeverReuseTheOriginConnectionHoldingHalfARequest() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts: {client_body: 300ms}\n")
                .replace("event_loops: 2", "event_loops: 1").replace("origins: [", "pool_size: 1\n    origins: ["));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n012");
            RawHttp.Response r = client.read();
            assertEquals(408, r.status());
            assertEquals("close", r.headers().get("connection"));
        }
        // the one pooled connection must not carry the next request into the half-sent body
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET /after HTTP/1.1\r\nHost: a").status());
        }
        TestOrigin.Seen seen = origin.next();
        assertEquals("GET", seen.method());
        assertEquals("/after", seen.uri());
        assertEquals(0, origin.seenCount(), "the stalled upload never reached the origin as a whole request");
        assertMetric("bliss_client_timeouts_total{phase=\"body\"} 1.0");
        assertMetric("bliss_local_responses_total{reason=\"body_timeout\"} 1.0");
    }

    @Test
    void shouldAnswer408OnAnHttp2StreamWhoseBodyStalls() throws Exception {
        start("timeouts: {client_body: 300ms}\n");
        HttpClientAgent h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        int status = Await.result(h2.request(new RequestOptions().setMethod(io.vertx.core.http.HttpMethod.POST)
                .setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/stalled")).compose(req -> {
                    req.setChunked(true);
                    req.write("part of a body"); // and never the rest
                    return req.response();
                }).map(r -> r.statusCode()));
        assertEquals(408, status);
        assertMetric("bliss_client_timeouts_total{phase=\"body\"} 1.0");
        assertEquals(0, origin.seenCount(), "the origin never got a whole request");
        Await.result(h2.close());
    }

    @Test
    void shouldKeepOriginConnectionsForOtherClientsWhile140UploadsStall() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), """
                limits: {max_uploads_per_loop: 4}
                timeouts: {client_body: 60s}
                """).replace("event_loops: 2", "event_loops: 1").replace("origins: [", "pool_size: 8\n    origins: ["));
        List<Socket> uploads = new ArrayList<>();
        try {
            for (int i = 0; i < 140; i++) {
                Socket s = socket();
                uploads.add(s);
                // one byte of a 1000-byte body, then nothing: each would hold an origin connection
                s.getOutputStream().write(("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\nx")
                        .getBytes(StandardCharsets.ISO_8859_1));
            }
            assertMetric("bliss_uploads_refused_total 136.0");
            assertMetric("bliss_uploads_in_progress 4.0");
            for (int i = 0; i < 20; i++) {
                try (RawHttp client = new RawHttp(proxy.port(0))) {
                    assertEquals(200, client.exchange("GET /other/" + i + " HTTP/1.1\r\nHost: a").status());
                }
            }
            int refused = 0;
            int holding = 0;
            for (Socket s : uploads) {
                s.setSoTimeout(200);
                try {
                    String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertTrue(answer.startsWith("HTTP/1.1 503"), answer);
                    refused++;
                } catch (java.net.SocketTimeoutException stillUploading) {
                    holding++;
                }
            }
            assertEquals(136, refused);
            assertEquals(4, holding);
        } finally {
            for (Socket s : uploads) {
                s.close();
            }
        }
        assertMetric("bliss_local_responses_total{reason=\"uploads_busy\"} 136.0");
        assertMetric("bliss_uploads_in_progress 0.0");
    }

    private Socket socket() throws IOException {
        Socket s = new Socket("127.0.0.1", proxy.port(0));
        s.setSoTimeout(20_000);
        return s;
    }

    private static boolean writeSucceeds(Socket s, byte b) {
        try {
            s.getOutputStream().write(b);
            s.getOutputStream().flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the peer closed within {@code millis} (a read that ends, or a reset). */
    private static boolean closedWithin(Socket s, int millis) throws IOException {
        int saved = s.getSoTimeout();
        s.setSoTimeout(millis);
        try {
            return s.getInputStream().read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        } finally {
            if (!s.isClosed()) {
                s.setSoTimeout(saved);
            }
        }
    }

    /** Waits (bounded) for a metric line; counters are summed from the loops when scraped. */
    private void assertMetric(String line) throws Exception {
        String metrics = "";
        for (int i = 0; i < 100; i++) {
            metrics = AdminHttp.get(proxy.adminPort(), "/metrics").body();
            if (metrics.contains(line)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        throw new AssertionError("no \"" + line + "\" in\n" + metrics.lines().filter(l -> l.startsWith("bliss_")).toList());
    }
}

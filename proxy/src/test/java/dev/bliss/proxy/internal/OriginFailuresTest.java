package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a client gets when origins fail, and how upstream groups rotate and recover. */
class OriginFailuresTest {

    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static RawHttp.Response get(ProxyServer proxy, String path) throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            return client.exchange("GET " + path + " HTTP/1.1\r\nHost: a");
        }
    }

    @Test
    void shouldAnswer502WhenTheOriginRefusesConnections() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin("http://127.0.0.1:" + closedPort(), ""));
        RawHttp.Response r = get(proxy, "/");
        assertEquals(502, r.status());
        assertTrue(r.body().contains("bad gateway"), r.body());
    }

    @Test
    void shouldAnswer504WhenTheOriginDoesNotAnswerInTime() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            origin.behaviour(req -> origin.record(req, () -> { /* never answers */ }));
            proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 300ms\n"));
            assertEquals(504, get(proxy, "/slow").status());
        }
    }

    @Test
    void shouldLetAnUploadSlowerThanTheResponseTimeoutFinish() throws Exception {
        // the origin answers once it has the whole body, which takes the client 1.2 s to send:
        // the 300 ms response timeout counts the origin's silence after the body, not the upload
        try (TestOrigin origin = new TestOrigin()) {
            proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 300ms\n"));
            try (RawHttp client = new RawHttp(proxy.port(0))) {
                client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 8000\r\n\r\n");
                for (int i = 0; i < 8; i++) {
                    client.out().write(new byte[1000]);
                    client.out().flush();
                    Thread.sleep(150);
                }
                assertEquals(200, client.read().status());
            }
            assertEquals(8000, origin.next().bodyBytes());
        }
    }

    @Test
    void shouldAnswer504WhenTheOriginIsSilentAfterTheBody() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            origin.behaviour(req -> origin.record(req, () -> { /* reads the body, never answers */ }));
            proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 300ms\n"));
            try (RawHttp client = new RawHttp(proxy.port(0))) {
                client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc");
                assertEquals(504, client.read().status());
            }
        }
    }

    @Test
    void shouldAnswer504WhenTheOriginStopsReadingTheBody() throws Exception {
        // an origin that never reads: back-pressure stops the upload, and with it the re-arming
        try (TestOrigin origin = new TestOrigin()) {
            origin.behaviour(req -> req.pause());
            proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 300ms\n"));
            try (RawHttp client = new RawHttp(proxy.port(0))) {
                long size = 256L << 20;
                client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: " + size + "\r\n\r\n");
                Thread writer = Thread.ofVirtual().start(() -> {
                    byte[] chunk = new byte[64 * 1024];
                    try {
                        for (long sent = 0; sent < size; sent += chunk.length) {
                            client.out().write(chunk);
                        }
                    } catch (java.io.IOException closed) {
                        // the proxy gave up on the exchange
                    }
                });
                assertEquals(504, client.read().status());
                writer.interrupt();
            }
        }
    }

    @Test
    void shouldRotateOverOriginsRoundRobin() throws Exception {
        try (TestOrigin a = new TestOrigin(); TestOrigin b = new TestOrigin()) {
            a.behaviour(req -> a.record(req, () -> req.response().end("a")));
            b.behaviour(req -> b.record(req, () -> req.response().end("b")));
            proxy = Proxies.start(Proxies.singleOrigin(a.url() + ", " + b.url(), "").replace("event_loops: 2", "event_loops: 1"));
            Set<String> answers = new HashSet<>();
            for (int i = 0; i < 4; i++) {
                answers.add(get(proxy, "/").body());
            }
            assertEquals(Set.of("a", "b"), answers);
            assertEquals(2, a.seenCount());
            assertEquals(2, b.seenCount());
        }
    }

    @Test
    void shouldSkipAFailingOriginAndAnswer502AtOnceWhenAllAreDown() throws Exception {
        try (TestOrigin good = new TestOrigin()) {
            String upstreams = "http://127.0.0.1:" + closedPort() + ", " + good.url();
            proxy = Proxies.start(Proxies.singleOrigin(upstreams, "").replace("event_loops: 2", "event_loops: 1")
                    .replace("    origins: [", "    max_failures: 2\n    cooldown: 1h\n    origins: ["));
            // the dead origin fails twice, then stays out of rotation: every later request succeeds
            int failures = 0;
            for (int i = 0; i < 4; i++) {
                failures += get(proxy, "/").status() == 502 ? 1 : 0;
            }
            assertEquals(2, failures);
            for (int i = 0; i < 6; i++) {
                assertEquals(200, get(proxy, "/").status());
            }
        }
        // now the good origin is gone too: it fails twice, then the whole group is down
        for (int i = 0; i < 2; i++) {
            assertEquals(502, get(proxy, "/").status());
        }
        RawHttp.Response r = get(proxy, "/");
        assertEquals(502, r.status());
        assertTrue(r.body().contains("every origin"), r.body());
    }

    @Test
    void shouldAnswer404WhenNoRouteMatches() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "").replace("path_prefix: /", "path_prefix: /api/"));
            assertEquals(404, get(proxy, "/other").status());
            assertEquals(200, get(proxy, "/api/x").status());
        }
    }
}

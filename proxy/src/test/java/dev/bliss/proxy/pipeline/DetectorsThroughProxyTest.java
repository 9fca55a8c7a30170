package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Detectors in a real proxy: headers to the origin, fail open, fail closed, the log phase. */
class DetectorsThroughProxyTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private RawHttp.Response get(String path) throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            return client.exchange("GET " + path + " HTTP/1.1\r\nHost: a");
        }
    }

    @Test
    void shouldSendDetectorHeadersToTheOrigin() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: counter, type: test-counter}\n")
                .replace("event_loops: 2", "event_loops: 1"));
        assertEquals(200, get("/").status());
        assertEquals(200, get("/").status());
        origin.next();
        assertEquals("2", origin.next().headers().get("x-counter-count"));
    }

    @Test
    void shouldLetTheRequestThroughWhenADetectorThrowsAndCountTheError() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: buggy, type: test-throw}\n"));
        assertEquals(200, get("/").status());
        assertEquals("unset", origin.next().headers().get("x-never-set"), "the thrower's fields stay unset");
        String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.adminPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(metrics.contains("bliss_detector_errors_total{detector=\"buggy\"} 1.0"), metrics);
    }

    @Test
    void shouldRefuseTheRequestWhenAFailClosedDetectorThrows() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: strict, type: test-throw, on_error: closed}\n"));
        assertEquals(503, get("/").status());
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldRunTheLogPhaseForLocallyAnsweredRequestsToo() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: counter, type: test-counter}\n")
                .replace("path_prefix: /", "path_prefix: /api/"));
        int before = TestDetectors.Counter.COMPLETED.get();
        assertEquals(404, get("/elsewhere").status());
        assertEquals(200, get("/api/x").status());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (TestDetectors.Counter.COMPLETED.get() < before + 2 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(before + 2, TestDetectors.Counter.COMPLETED.get());
    }

    private String metrics() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.adminPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void shouldAnswerEveryRequestWhenADetectorFaultsOnATruncatedMappedFile() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: mapped, type: test-mapped-fault}\n"));
        for (int i = 0; i < 20; i++) {
            assertEquals(200, get("/").status(), "request " + i);
            origin.next();
        }
        assertTrue(metrics().contains("bliss_detector_errors_total{detector=\"mapped\"} 20.0"), metrics());
    }

    @Test
    void shouldRefuseTheRequestWhenAFailClosedDetectorFaultsOnAMappedFile() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(),
                "plugins:\n  - {name: mapped, type: test-mapped-fault, on_error: closed}\n"));
        assertEquals(503, get("/").status());
        assertEquals(0, origin.seenCount());
    }

    @Test
    void shouldWriteEveryAccessLogLineWhenALogPhaseFaults() throws Exception {
        proxy = ProxyServer.start(Proxies.options(Proxies.singleOrigin(origin.url(),
                "plugins:\n  - {name: mapped, type: test-mapped-fault, config: {phase: complete}}\n"
                        + "access_log: {enabled: true, path: access.log}\n"), dir));
        int requests = 30;
        for (int i = 0; i < requests; i++) {
            assertEquals(200, get("/").status(), "request " + i);
            origin.next();
        }
        Path log = dir.resolve("access.log");
        int lines = Await.until(() -> Files.exists(log) ? Files.readAllLines(log).size() : 0, n -> n >= requests);
        assertEquals(requests, lines, "one line per request");
        assertTrue(metrics().contains("bliss_detector_errors_total{detector=\"mapped\"} " + requests + ".0"), metrics());
    }
}

package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestDetectors;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Detectors in a real proxy: headers to the origin, fail open, fail closed, the log phase. */
class DetectorsThroughProxyTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

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
}

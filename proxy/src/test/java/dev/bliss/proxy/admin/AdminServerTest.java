package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The admin endpoints, and the admin server's default binding to loopback only. */
class AdminServerTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), """
                plugins:
                  - name: counter
                    type: test-counter
                """).replace("admin:\n  host: 127.0.0.1\n", "admin:\n"));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
    }

    private HttpResponse<String> admin(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.adminPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldAnswerHealthAndReadiness() throws Exception {
        assertEquals(200, admin("/healthz").statusCode());
        assertEquals(200, admin("/readyz").statusCode());
    }

    @Test
    void shouldAnswerNotReadyWithTheReasonWhileAReadinessCheckFails() throws Exception {
        java.util.concurrent.atomic.AtomicReference<String> problem = new java.util.concurrent.atomic.AtomicReference<>(
                "publisher thread died; restart the feature service");
        proxy.addReadinessCheck("embedded feature service", problem::get);
        HttpResponse<String> notReady = admin("/readyz");
        assertEquals(503, notReady.statusCode());
        assertEquals("not ready: embedded feature service: publisher thread died; restart the feature service\n", notReady.body());
        problem.set(null);
        assertEquals(200, admin("/readyz").statusCode());
    }

    @Test
    void shouldExposeRequestAndDetectorMetrics() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET / HTTP/1.1\r\nHost: a").status());
        }
        HttpResponse<String> metrics = admin("/metrics");
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("bliss_requests_total{route=\"route0\",status=\"200\"} 1.0"), metrics.body());
        assertTrue(metrics.body().contains("bliss_request_duration_seconds_count{route=\"route0\"} 1"), metrics.body());
        assertTrue(metrics.body().contains("bliss_detector_calls_total{detector=\"counter\"} 1.0"), metrics.body());
    }

    @Test
    void shouldShowTheEffectiveConfiguration() throws Exception {
        String config = admin("/config").body();
        assertTrue(config.contains("\"upstreams\""), config);
        assertTrue(config.contains("\"transport\""), config);
    }

    @Test
    void shouldListenOnLoopbackOnlyByDefault() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address.isLoopbackAddress()) {
                    continue;
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(address, proxy.adminPort()), 1_000);
                    throw new AssertionError("admin port reachable on " + address);
                } catch (java.io.IOException expected) {
                    assertFalse(expected.getMessage() == null && false);
                }
            }
        }
    }
}

package dev.bliss.proxy.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.AdminHttp;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-origin figures through a real proxy: POSTs with known body sizes to a real origin
 * answering known body sizes, and requests to an upstream whose port is closed; then
 * {@code /metrics} and {@code /stats} must show the bytes, the response times, the pooled
 * connections and the failed connects of each origin, and move by exactly what the next batch
 * adds. The request counters (per loop, added up at scrape time) are checked on the way.
 */
class UpstreamStatsThroughProxyTest {

    private static final int REQUEST_BODY = 1_000;
    private static final int RESPONSE_BODY = 2_500;

    private final TestOrigin origin = new TestOrigin();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private ProxyServer proxy;
    private String app;
    private String dead;

    @BeforeEach
    void start() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> req.response().putHeader("content-type", "text/plain")
                .end(Buffer.buffer(new byte[RESPONSE_BODY]))));
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        app = origin.url();
        dead = "http://127.0.0.1:" + closed;
        proxy = Proxies.start("""
                proxy:
                  event_loops: 2
                listeners:
                  - host: 127.0.0.1
                    port: 0
                admin:
                  host: 127.0.0.1
                  port: 0
                upstreams:
                  app:
                    origins: [%s]
                  dead:
                    origins: [%s]
                routes:
                  - {name: down, path_prefix: /down, upstream: dead}
                  - {name: main, path_prefix: /, upstream: app}
                """.formatted(app, dead));
    }

    @AfterEach
    void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void shouldCountEachOriginsConnectionsTimesAndBytes() throws Exception {
        post(20);
        assertEquals(502, get("/down/x"));
        assertEquals(502, get("/down/y"));

        String metrics = AdminHttp.get(proxy.adminPort(), "/metrics").body();
        String a = "{origin=\"" + app + "\",upstream=\"app\"}";
        String d = "{origin=\"" + dead + "\",upstream=\"dead\"}";
        assertEquals(20 * REQUEST_BODY, value(metrics, "bliss_origin_request_bytes_total" + a));
        assertEquals(20 * RESPONSE_BODY, value(metrics, "bliss_origin_response_bytes_total" + a));
        assertEquals(20, value(metrics, "bliss_origin_response_seconds_count" + a));
        assertTrue(value(metrics, "bliss_origin_response_seconds_sum" + a) > 0, metrics);
        double open = value(metrics, "bliss_origin_connections_open" + a);
        assertTrue(open >= 1, "a keep-alive connection stays open: " + open);
        assertEquals(open, value(metrics, "bliss_origin_connections_idle" + a), "all idle between requests");
        assertEquals(open, value(metrics, "bliss_origin_connects_total" + a), "every connection was reused");
        assertEquals(0, value(metrics, "bliss_origin_connect_failures_total" + a));
        assertEquals(2, value(metrics, "bliss_origin_connect_failures_total" + d));
        assertEquals(0, value(metrics, "bliss_origin_connections_open" + d));
        assertEquals(0, value(metrics, "bliss_origin_response_seconds_count" + d));
        assertEquals(2, value(metrics, "bliss_origin_errors_total{kind=\"connect\",upstream=\"dead\"}"));
        assertEquals(20, value(metrics, "bliss_requests_total{route=\"main\",status=\"200\"}"));
        assertEquals(2, value(metrics, "bliss_requests_total{route=\"down\",status=\"502\"}"));
        assertEquals(2, value(metrics, "bliss_local_responses_total{reason=\"origin_unreachable\"}"));
        assertEquals(22, value(metrics, "bliss_request_duration_seconds_count{route=\"main\"}")
                + value(metrics, "bliss_request_duration_seconds_count{route=\"down\"}"));

        JsonObject stats = new JsonObject(AdminHttp.get(proxy.adminPort(), "/stats").body());
        JsonObject appRow = row(stats.getJsonArray("upstreams"), "app");
        assertEquals(20 * REQUEST_BODY, appRow.getLong("request_bytes"));
        assertEquals(20 * RESPONSE_BODY, appRow.getLong("response_bytes"));
        assertEquals((long) open, appRow.getLong("open"));
        assertEquals((long) open, appRow.getLong("idle"));
        JsonObject minute = appRow.getJsonObject("last_minute");
        assertEquals(20, minute.getLong("requests"));
        assertEquals(0, minute.getLong("failures"));
        assertNotNull(minute.getDouble("p50_ms"), appRow.encode());
        assertTrue(minute.getDouble("p50_ms") > 0 && minute.getDouble("p50_ms") <= minute.getDouble("p99_ms"), appRow.encode());
        JsonObject deadRow = row(stats.getJsonArray("upstreams"), "dead");
        assertEquals(2, deadRow.getLong("connect_failures"));
        assertEquals(2, deadRow.getLong("failures"));
        assertEquals(2, deadRow.getJsonObject("last_minute").getLong("failures"));
        assertEquals(null, deadRow.getJsonObject("last_minute").getDouble("p50_ms"), "no response, no time");
        assertEquals(20, stats.getJsonObject("statuses").getLong("200"));
        assertEquals(2, stats.getJsonObject("statuses").getLong("502"));
        assertEquals(2, stats.getJsonObject("local_responses").getLong("origin_unreachable"));

        // the next batch moves the series by what it adds
        post(10);
        String after = AdminHttp.get(proxy.adminPort(), "/metrics").body();
        assertEquals(30 * REQUEST_BODY, value(after, "bliss_origin_request_bytes_total" + a));
        assertEquals(30 * RESPONSE_BODY, value(after, "bliss_origin_response_bytes_total" + a));
        assertEquals(30, value(after, "bliss_origin_response_seconds_count" + a));
        assertEquals(30, value(after, "bliss_requests_total{route=\"main\",status=\"200\"}"));
        JsonObject later = new JsonObject(AdminHttp.get(proxy.adminPort(), "/stats").body());
        assertEquals(30, row(later.getJsonArray("upstreams"), "app").getJsonObject("last_minute").getLong("requests"));
        JsonArray paths = later.getJsonArray("recent_paths");
        assertEquals("/upload", paths.getJsonObject(0).getString("value"), paths.encode());
        assertEquals(30, paths.getJsonObject(0).getLong("count"));
        assertEquals("127.0.0.1", later.getJsonArray("recent_clients").getJsonObject(0).getString("value"));
        assertEquals(32, later.getJsonArray("recent_clients").getJsonObject(0).getLong("count"));
    }

    @Test
    void shouldCountOpenClientConnections() throws Exception {
        java.util.List<dev.bliss.proxy.testing.RawHttp> clients = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                dev.bliss.proxy.testing.RawHttp c = new dev.bliss.proxy.testing.RawHttp(proxy.port(0));
                clients.add(c);
                assertEquals(200, c.exchange("GET /keep HTTP/1.1\r\nHost: a").status()); // kept alive
            }
            assertEquals(3, value(AdminHttp.get(proxy.adminPort(), "/metrics").body(), "bliss_client_connections_open"));
        } finally {
            for (dev.bliss.proxy.testing.RawHttp c : clients) {
                c.close();
            }
        }
        // the proxy sees the closes on its loops a moment later: bounded wait, 10 s at most
        double open = Await.until(
                () -> value(AdminHttp.get(proxy.adminPort(), "/metrics").body(), "bliss_client_connections_open"), v -> v == 0);
        assertEquals(0, open, "every client connection closed");
    }

    private void post(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port(0) + "/upload"))
                    .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofByteArray(new byte[REQUEST_BODY])).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode());
            assertEquals(RESPONSE_BODY, r.body().length);
        }
    }

    private int get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port(0) + path))
                .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static JsonObject row(JsonArray upstreams, String upstream) {
        for (int i = 0; i < upstreams.size(); i++) {
            if (upstreams.getJsonObject(i).getString("upstream").equals(upstream)) {
                return upstreams.getJsonObject(i);
            }
        }
        throw new AssertionError("no row for " + upstream + " in " + upstreams.encode());
    }

    /** The value of one series of the exposition; fails when it is absent. */
    private static double value(String exposition, String series) {
        Matcher m = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(exposition);
        assertTrue(m.find(), series + " is not in:\n" + exposition);
        return Double.parseDouble(m.group(1));
    }
}

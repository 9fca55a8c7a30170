package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.OnContext;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through a real proxy with a TLS listener: the fingerprint computed from a connection's
 * ClientHello reaches every request on it (HTTP/1.1 keep-alive, HTTP/2 streams) via the
 * RequestView (a test detector copies it into origin headers) and the access log, equals the
 * fingerprint of the bytes the client actually sent (recorded by a relay), and is read without
 * allocating.
 */
class FingerprintsReachRequestsTest {

    @TempDir
    Path dir;
    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;
    private RecordingRelay relay;

    @AfterEach
    void stop() throws Exception {
        if (relay != null) {
            relay.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private void startTlsProxy() throws Exception {
        TlsListeners.copyCertificate(dir);
        proxy = ProxyServer.start(Proxies.options(TlsListeners.yaml(origin.url(),
                "plugins:\n  - {name: fp, type: test-fingerprint}\naccess_log:\n  enabled: true\n  path: access.log\n"), dir));
        relay = new RecordingRelay(proxy.port(0));
    }

    private HttpClient client(HttpVersion version) {
        return origin.vertx().createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
                .setUseAlpn(true).setProtocolVersion(version).setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(1).setHttp2MaxSize(1));
    }

    /** On a context: chained on the test thread, a late resp.body() lost the body (see OnContext). */
    private Future<String> get(HttpClient client, int port, String path) {
        return OnContext.start(origin.vertx(), () -> client.request(new RequestOptions().setMethod(HttpMethod.GET)
                        .setHost("localhost").setPort(port).setURI(path))
                .compose(req -> req.send())
                .compose(resp -> resp.body().map(b -> resp.version() + " " + resp.statusCode())));
    }

    /** The fingerprint of what the relay saw the client send on its first connection. */
    private TlsFingerprint sentByClient() {
        assertEquals(1, relay.connections(), "all requests shared one connection");
        TlsFingerprint f = Captures.fingerprint(relay.firstBytes(0), Integer.MAX_VALUE);
        assertNotNull(f, "the relay recorded a whole ClientHello");
        return f;
    }

    @Test
    void shouldGiveEveryRequestOfAKeepAliveConnectionTheFingerprintOfItsClientHello() throws Exception {
        startTlsProxy();
        HttpClient client = client(HttpVersion.HTTP_1_1);
        int requests = 6;
        for (int i = 0; i < requests; i++) {
            assertEquals("HTTP_1_1 200", Await.result(get(client, relay.port(), "/keep-alive/" + i)));
        }
        TlsFingerprint sent = sentByClient();
        assertTrue(sent.ja4().startsWith("t13"), sent.ja4());
        for (int i = 0; i < requests; i++) {
            TestOrigin.Seen seen = origin.next();
            assertEquals(sent.ja3Hash(), seen.headers().get("x-test-ja3"), seen.uri());
            assertEquals(sent.ja4(), seen.headers().get("x-test-ja4"), seen.uri());
            if (i >= 2) {
                assertEquals("0", seen.headers().get("x-test-fingerprint-alloc"), "bytes allocated reading the fingerprint, " + seen.uri());
            }
        }
        proxy.close();
        proxy = null;
        List<String> log = Files.readAllLines(dir.resolve("access.log"));
        assertEquals(requests, log.size());
        for (String line : log) {
            assertTrue(line.contains("\"ja3_hash\":\"" + sent.ja3Hash() + "\"") && line.contains("\"ja4\":\"" + sent.ja4() + "\""), line);
        }
    }

    @Test
    void shouldGiveEveryStreamOfAnHttp2ConnectionTheFingerprintOfItsClientHello() throws Exception {
        startTlsProxy();
        HttpClient client = client(HttpVersion.HTTP_2);
        assertEquals("HTTP_2 200", Await.result(get(client, relay.port(), "/h2/first")));
        // eight streams at once on that connection
        List<Future<String>> streams = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            streams.add(get(client, relay.port(), "/h2/" + i));
        }
        for (Future<String> stream : streams) {
            assertEquals("HTTP_2 200", Await.result(stream));
        }
        TlsFingerprint sent = sentByClient();
        assertEquals("h2", sent.ja4().substring(8, 10), sent.ja4());
        for (int i = 0; i < 9; i++) {
            TestOrigin.Seen seen = origin.next();
            assertEquals(sent.ja3Hash(), seen.headers().get("x-test-ja3"), seen.uri());
            assertEquals(sent.ja4(), seen.headers().get("x-test-ja4"), seen.uri());
        }
    }

    @Test
    void shouldHaveNoFingerprintOnPlainConnections() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "plugins:\n  - {name: fp, type: test-fingerprint}\n"));
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET /plain HTTP/1.1\r\nHost: a").status());
        }
        TestOrigin.Seen seen = origin.next();
        assertEquals("none", seen.headers().get("x-test-ja3"));
        assertEquals("none", seen.headers().get("x-test-ja4"));
    }
}

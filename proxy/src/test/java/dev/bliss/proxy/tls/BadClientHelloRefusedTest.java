package dev.bliss.proxy.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.OnContext;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real TLS listener: connections whose first flight is not a well-formed ClientHello are
 * closed (TLS ones with a decode_error alert), while a keep-alive connection opened before them
 * and new connections after them are served as usual.
 */
class BadClientHelloRefusedTest {

    private static final byte[] DECODE_ERROR_ALERT = {21, 3, 3, 0, 2, 2, 50};

    @TempDir
    Path dir;
    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port(0));
        s.setSoTimeout(10_000); // bounds a hung test; every read below ends by data or close first
        return s;
    }

    /** Sends {@code bytes}, then reads until the server closes; what it sent back. */
    private byte[] sendAndReadUntilClosed(byte[] bytes, boolean halfClose) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            if (halfClose) {
                s.shutdownOutput();
            }
            InputStream in = s.getInputStream();
            return in.readAllBytes();
        }
    }

    /** A GET chained on a context (OnContext): the second one reuses the kept connection. */
    private HttpClientResponse get(HttpClient client, String path) {
        return Await.result(OnContext.start(origin.vertx(), () -> client.request(new RequestOptions().setMethod(HttpMethod.GET)
                        .setHost("localhost").setPort(proxy.port(0)).setURI(path))
                .compose(req -> req.send().compose(resp -> resp.body().map(b -> resp)))));
    }

    @Test
    void shouldCloseBadConnectionsAndKeepServingTheOthers() throws Exception {
        TlsListeners.copyCertificate(dir);
        proxy = ProxyServer.start(Proxies.options(TlsListeners.yaml(origin.url(),
                "plugins:\n  - {name: fp, type: test-fingerprint}\n"), dir));
        HttpClient client = origin.vertx().createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
                .setVerifyHost(false).setUseAlpn(true).setProtocolVersion(HttpVersion.HTTP_1_1).setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(1));
        HttpClientResponse before = get(client, "/before");
        assertEquals(200, before.statusCode());
        HttpConnection kept = before.request().connection();
        long refused = ClientHelloCapture.refusedConnections();

        byte[] http = "GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(new byte[0], sendAndReadUntilClosed(http, false), "plain HTTP on the TLS port: closed, no answer");

        byte[] badGroups = new ClientHelloBuilder().ciphers(0x1301).supportedVersions(0x0304)
                .extension(0x000a, new byte[] {0, 4, 0, 23}).record();
        assertArrayEquals(DECODE_ERROR_ALERT, sendAndReadUntilClosed(badGroups, false), "malformed ClientHello");

        byte[] oversize = {22, 3, 1, 0, 4, 1, 0, 0x40, 0x01};
        assertArrayEquals(DECODE_ERROR_ALERT, sendAndReadUntilClosed(oversize, false), "ClientHello over 16 KiB");

        byte[] real = Captures.bytes("curl-h2.bin");
        byte[] received = sendAndReadUntilClosed(Arrays.copyOf(real, real.length / 2), true);
        assertEquals(0, received.length, "half a ClientHello, then end of stream: closed without an answer");

        assertEquals(refused + 3, ClientHelloCapture.refusedConnections(), "refused by the capture: HTTP, malformed, oversize");

        HttpClientResponse after = get(client, "/after");
        assertEquals(200, after.statusCode());
        assertSame(kept, after.request().connection(), "the keep-alive connection opened before is still served");
        origin.next();
        String ja4 = origin.next().headers().get("x-test-ja4");
        assertEquals(36, ja4.length(), ja4);

        HttpClient fresh = origin.vertx().createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
                .setVerifyHost(false).setUseAlpn(true).setProtocolVersion(HttpVersion.HTTP_2));
        assertEquals(200, get(fresh, "/new").statusCode());
        assertEquals(ja4.substring(0, 8), origin.next().headers().get("x-test-ja4").substring(0, 8));
    }
}

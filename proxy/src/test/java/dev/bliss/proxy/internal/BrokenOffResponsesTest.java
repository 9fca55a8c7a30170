package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerResponse;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A response broken off halfway, from either end: the other end must learn of it. A client must
 * never get a cut-off chunked body that ends cleanly, and an origin must stop streaming once its
 * client has gone. A response that does end whole ends with the origin's trailers.
 */
class BrokenOffResponsesTest {

    private static final String FIRST_PART = "first part of the body\n";

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldNotEndTheClientsResponseCleanlyWhenTheOriginBreaksOffMidBody() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> {
            HttpServerResponse resp = req.response().setChunked(true);
            resp.write(FIRST_PART).onComplete(v -> origin.vertx().setTimer(50, t -> req.connection().close()));
        }));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));

        String received = readUntilClosed("GET /cut HTTP/1.1\r\nHost: a\r\n\r\n");

        assertTrue(received.startsWith("HTTP/1.1 200"), received);
        assertTrue(received.contains(FIRST_PART), received);
        assertFalse(received.endsWith("0\r\n\r\n"), "the cut-off body must not end with the last chunk:\n" + received);
    }

    @Test
    void shouldStopTheOriginWhenTheClientLeavesMidBody() throws Exception {
        CountDownLatch originSawTheEnd = new CountDownLatch(1);
        origin.behaviour(req -> origin.record(req, () -> {
            HttpServerResponse resp = req.response().setChunked(true);
            resp.closeHandler(v -> originSawTheEnd.countDown());
            // 30 s of body if nobody stops it: one chunk every 20 ms, at most 1,500
            long[] sent = {0};
            origin.vertx().setPeriodic(20, id -> {
                if (resp.closed() || resp.ended() || ++sent[0] > 1_500) {
                    origin.vertx().cancelTimer(id);
                    if (!resp.closed() && !resp.ended()) {
                        resp.end();
                    }
                    return;
                }
                resp.write(FIRST_PART);
            });
        }));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));

        try (Socket client = new Socket("127.0.0.1", proxy.port(0))) {
            client.getOutputStream().write("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = client.getInputStream();
            client.setSoTimeout(10_000);
            assertTrue(in.read(new byte[256]) > 0, "the response started");
        } // the client leaves mid-body

        assertTrue(originSawTheEnd.await(10, TimeUnit.SECONDS), "the origin's response was cut when the client left");
    }

    @Test
    void shouldPassTheOriginsTrailersOn() throws Exception {
        origin.behaviour(req -> origin.record(req, () -> {
            HttpServerResponse resp = req.response().setChunked(true).putHeader("trailer", "x-checksum");
            resp.write(FIRST_PART);
            resp.trailers().set("x-checksum", "c0ffee");
            resp.end();
        }));
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));

        String received = readUntilClosed("GET /with-trailers HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");

        assertTrue(received.contains(FIRST_PART), received);
        assertTrue(received.endsWith("0\r\nx-checksum: c0ffee\r\n\r\n"), "the last chunk carries the trailer:\n" + received);
    }

    /** Sends {@code request} and returns all the proxy sent until it closed the connection. */
    private String readUntilClosed(String request) throws Exception {
        try (Socket client = new Socket("127.0.0.1", proxy.port(0))) {
            client.setSoTimeout(10_000);
            OutputStream out = client.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            InputStream in = client.getInputStream();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    received.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the connection stayed open after the origin broke off:\n"
                        + received.toString(StandardCharsets.US_ASCII), e);
            } catch (java.net.SocketException reset) {
                // a reset is a fine way to say the body is incomplete
            }
            return received.toString(StandardCharsets.US_ASCII);
        }
    }
}

package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Shutdown stops accepting at once but lets a request in flight finish. */
class GracefulShutdownTest {

    @Test
    void shouldFinishTheInFlightRequestAndRefuseNewConnections() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            CompletableFuture<HttpServerRequest> held = new CompletableFuture<>();
            origin.behaviour(held::complete);
            ProxyServer proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  shutdown: 20s\n"));
            int port = proxy.port(0);
            try (RawHttp client = new RawHttp(port)) {
                client.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n");
                HttpServerRequest atOrigin = held.get(10, TimeUnit.SECONDS);

                CountDownLatch stopped = new CountDownLatch(1);
                proxy.shutdown().onComplete(ar -> stopped.countDown());
                // the listener closes while the exchange is still open
                long deadline = System.nanoTime() + 10_000_000_000L;
                boolean refused = false;
                while (!refused && System.nanoTime() < deadline) {
                    try (RawHttp probe = new RawHttp(port)) {
                        probe.exchange("GET / HTTP/1.1\r\nHost: a");
                    } catch (IOException e) {
                        refused = true;
                    }
                }
                assertEquals(true, refused, "new connections are refused during shutdown");
                assertEquals(1, stopped.getCount(), "shutdown waits for the request in flight");

                atOrigin.response().end("finished late");
                RawHttp.Response r = client.read();
                assertEquals(200, r.status());
                assertEquals("finished late", r.body());
                assertEquals(true, stopped.await(20, TimeUnit.SECONDS), "shutdown completes after the last exchange");
            }
            assertThrows(IOException.class, () -> new RawHttp(port).close());
            Await.result(io.vertx.core.Future.succeededFuture());
        }
    }
}

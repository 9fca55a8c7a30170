package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request that finds its loop's pool to the origin exhausted waits for a connection at most
 * timeouts.response, then gets a 504 and never reaches the origin; the exchanges that hold the
 * connections go on undisturbed.
 */
class ExhaustedPoolTest {

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
    void aWaitForAConnectionOfAnExhaustedPoolEndsIn504AfterTheResponseTimeout() throws Exception {
        // /stream keeps its connection busy (and not silent) for 2 s: a chunk every 100 ms
        origin.behaviour(req -> origin.record(req, () -> {
            HttpServerResponse resp = req.response();
            if (!req.path().equals("/stream")) {
                resp.end("ok");
                return;
            }
            resp.setChunked(true);
            int[] sent = {0};
            origin.vertx().setPeriodic(100, id -> {
                if (++sent[0] >= 20 || resp.closed()) {
                    origin.vertx().cancelTimer(id);
                    if (!resp.closed()) {
                        resp.end("done\n");
                    }
                } else {
                    resp.write("chunk\n");
                }
            });
        }));
        proxy = Proxies.start("""
                proxy: {event_loops: 1}
                listeners: [{host: 127.0.0.1, port: 0}]
                admin: {host: 127.0.0.1, port: 0}
                timeouts: {response: 500ms}
                upstreams:
                  app: {origins: [%s], pool_size: 1}
                routes: [{upstream: app}]
                """.formatted(origin.url()));

        try (RawHttp holder = new RawHttp(proxy.port(0)); RawHttp waiter = new RawHttp(proxy.port(0))) {
            CompletableFuture<RawHttp.Response> streamed = CompletableFuture.supplyAsync(() -> {
                try {
                    return holder.exchange("GET /stream HTTP/1.1\r\nHost: a");
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertEquals("/stream", origin.next().uri()); // the pool's one connection is taken

            RawHttp.Response waited = waiter.exchange("GET /quick HTTP/1.1\r\nHost: a");

            assertEquals(504, waited.status());
            RawHttp.Response whole = streamed.get(20, TimeUnit.SECONDS);
            assertEquals(200, whole.status());
            assertEquals("chunk\n".repeat(19) + "done\n", whole.body());
        }
        assertEquals(0, origin.seenCount(), "the request that timed out waiting must never reach the origin");
    }
}

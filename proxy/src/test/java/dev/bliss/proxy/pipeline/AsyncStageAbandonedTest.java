package dev.bliss.proxy.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.RawHttp;
import dev.bliss.proxy.testing.TestDetectors;
import dev.bliss.proxy.testing.TestOrigin;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client that leaves while its request waits for an async detector: when the budget runs out
 * later, nothing may run for that request any more (its view serves no request, or another one).
 */
class AsyncStageAbandonedTest {

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
    void shouldRunNoDetectorForARequestWhoseClientLeftDuringAnAsyncStage() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), """
                plugins:
                  - {name: stall, type: test-stall, async_budget: 300ms}
                  - {name: after, type: test-after}
                """).replace("event_loops: 2", "event_loops: 1"));
        int inspectedBefore = TestDetectors.After.INSPECTED.get();
        try (Socket s = new Socket("127.0.0.1", proxy.port(0))) {
            OutputStream out = s.getOutputStream();
            out.write("GET /left HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(50); // the request is waiting in the async stage now
        }
        Thread.sleep(600); // past the budget: a timer left behind would fire in here
        assertEquals(inspectedBefore, TestDetectors.After.INSPECTED.get(), "a detector ran for a request whose client had left");
        assertEquals(0, origin.seenCount(), "the abandoned request reached the origin");

        // and the path still works for the next request: the budget passes, then the origin answers
        try (RawHttp client = new RawHttp(proxy.port(0))) {
            assertEquals(200, client.exchange("GET /next HTTP/1.1\r\nHost: a").status());
        }
        assertEquals(inspectedBefore + 1, TestDetectors.After.INSPECTED.get());
        assertEquals(0, TestDetectors.After.FAILURES.get());
    }
}

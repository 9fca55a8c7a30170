package dev.bliss.proxy.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OnContext}: a client call whose last step is attached late still gets its body. The same
 * call chained on the test thread (its supplier run there) loses the body of every answer that
 * arrives within the 50 ms and times out.
 */
class OnContextTest {

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
    void shouldGetTheWholeBodyHoweverLateTheLastStepIsAttached() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        HttpClient h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        Supplier<Future<String>> call = () -> {
            Future<HttpClientResponse> head = h2.request(new RequestOptions().setMethod(HttpMethod.POST)
                            .setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/late"))
                    .compose(req -> req.send("body"));
            // what a test thread descheduled between two compose calls does; the pooled
            // connection has the answer back well within it
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            return head.compose(resp -> resp.body().map(b -> resp.statusCode() + " " + b));
        };
        for (int i = 0; i < 3; i++) {
            assertEquals("200 ok", Await.result(OnContext.start(origin.vertx(), call)));
            assertEquals(4, origin.next().bodyBytes());
        }
    }
}

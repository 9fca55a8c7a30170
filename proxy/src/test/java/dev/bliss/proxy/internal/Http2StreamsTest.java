package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.OnContext;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Many concurrent HTTP/2 streams on one client connection, with and without bodies. */
class Http2StreamsTest {

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
    void shouldServeConcurrentStreamsOnOneConnection() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), "timeouts:\n  response: 5s\n"));
        HttpClient h2 = origin.vertx().createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false), new PoolOptions().setHttp2MaxSize(1));
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            boolean post = i % 2 == 1;
            String uri = "/s" + i;
            answers.add(OnContext.start(origin.vertx(), () -> h2.request(new RequestOptions()
                            .setMethod(post ? HttpMethod.POST : HttpMethod.GET).setHost("127.0.0.1").setPort(proxy.port(0)).setURI(uri))
                    .compose(req -> post ? req.send("body " + req.getURI()) : req.send())
                    .compose(resp -> resp.body().map(b -> resp.statusCode() + " " + b))));
        }
        for (Future<String> a : answers) {
            assertEquals("200 ok", Await.result(a));
        }
    }
}

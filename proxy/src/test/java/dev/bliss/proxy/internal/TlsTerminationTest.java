package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.OnContext;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** TLS termination from PEM files, HTTP/2 and HTTP/1.1 negotiated with ALPN. */
class TlsTerminationTest {

    private final TestOrigin origin = new TestOrigin();
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private static Path tlsDir() throws Exception {
        return Paths.get(TlsTerminationTest.class.getResource("/tls/cert.pem").toURI()).getParent();
    }

    private String get(HttpVersion version) {
        HttpClient client = origin.vertx().createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true)
                .setVerifyHost(false).setUseAlpn(true).setProtocolVersion(version));
        return Await.result(OnContext.start(origin.vertx(), () -> client.request(new RequestOptions()
                        .setMethod(HttpMethod.GET).setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/secure"))
                .compose(req -> req.send())
                .compose(resp -> resp.body().map(b -> resp.version() + " " + resp.statusCode() + " " + b))));
    }

    @Test
    void shouldTerminateTlsAndSpeakHttp2OrHttp1ByAlpn() throws Exception {
        String yaml = Proxies.singleOrigin(origin.url(), "").replace("    port: 0\nadmin:", """
                    port: 0
                    tls:
                      certificate: cert.pem
                      key: key.pem
                admin:""");
        proxy = ProxyServer.start(Proxies.options(yaml, tlsDir()));
        assertEquals("HTTP_2 200 ok", get(HttpVersion.HTTP_2));
        assertEquals("https", origin.next().headers().get("x-forwarded-proto"));
        assertEquals("HTTP_1_1 200 ok", get(HttpVersion.HTTP_1_1));
    }
}

package dev.bliss.proxy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.proxy.ProxyServer;
import dev.bliss.proxy.testing.Await;
import dev.bliss.proxy.testing.Proxies;
import dev.bliss.proxy.testing.TestOrigin;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A WebSocket handshake is passed to the origin and the two connections are spliced. */
class WebSocketThroughProxyTest {

    private final TestOrigin origin = new TestOrigin(new HttpServerOptions(), server ->
            server.webSocketHandler(ws -> ws.textMessageHandler(text -> ws.writeTextMessage("echo: " + text))));
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    @Test
    void shouldEchoMessagesThroughTheProxy() throws Exception {
        proxy = Proxies.start(Proxies.singleOrigin(origin.url(), ""));
        WebSocketClient client = origin.vertx().createWebSocketClient();
        WebSocket ws = Await.result(client.connect(new WebSocketConnectOptions()
                .setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/chat")));
        for (int i = 0; i < 3; i++) {
            CompletableFuture<String> reply = new CompletableFuture<>();
            ws.textMessageHandler(reply::complete);
            ws.writeTextMessage("hello " + i);
            assertEquals("echo: hello " + i, reply.get(10, TimeUnit.SECONDS));
        }
        Await.result(ws.close());
    }

    @Test
    void shouldRelayAnOriginsRefusalOfTheUpgrade() throws Exception {
        try (TestOrigin refusing = new TestOrigin(new HttpServerOptions(),
                server -> server.webSocketHandshakeHandler(handshake -> handshake.reject(403)))) {
            proxy = Proxies.start(Proxies.singleOrigin(refusing.url(), ""));
            assertRefused();
        }
    }

    private void assertRefused() {
        WebSocketClient client = origin.vertx().createWebSocketClient();
        Throwable failure = Await.result(client.connect(new WebSocketConnectOptions()
                .setHost("127.0.0.1").setPort(proxy.port(0)).setURI("/chat")).map(ws -> (Throwable) null).otherwise(t -> t));
        assertEquals(true, failure != null && failure.getMessage().contains("403"), String.valueOf(failure));
    }
}

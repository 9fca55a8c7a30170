package dev.bliss.proxy.exchange;

import dev.bliss.proxy.metrics.RequestMeters;
import io.netty.channel.Channel;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * The open client connections of one loop, for graceful shutdown: HTTP/1.x connections close
 * once their current response is out, HTTP/2 connections send GOAWAY and close when their
 * streams are done (Netty's graceful close). Their number goes to the loop's
 * {@link RequestMeters} as it changes ({@code bliss_client_connections_open}).
 *
 * <p>One per event loop; its loop only.
 */
final class ClientConnections {

    private final Set<ClientConnection> http1 = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Channel> http2 = Collections.newSetFromMap(new IdentityHashMap<>());
    private final RequestMeters meters;
    private boolean draining;

    ClientConnections(RequestMeters meters) {
        this.meters = meters;
    }

    void opened(ClientConnection c) {
        if (draining) {
            c.drain();
        }
        http1.add(c);
        meters.clientConnections(open());
    }

    void closed(ClientConnection c) {
        http1.remove(c);
        meters.clientConnections(open());
    }

    void openedHttp2(Channel connection) {
        http2.add(connection);
        meters.clientConnections(open());
        connection.closeFuture().addListener(f -> {
            http2.remove(connection);
            meters.clientConnections(open());
        });
        if (draining) {
            connection.close();
        }
    }

    void drain() {
        draining = true;
        for (ClientConnection c : http1.toArray(ClientConnection[]::new)) {
            c.drain();
        }
        for (Channel c : http2.toArray(Channel[]::new)) {
            c.close();
        }
    }

    /** Closes every connection now (the drain deadline passed). */
    void closeAll() {
        for (ClientConnection c : http1.toArray(ClientConnection[]::new)) {
            c.close();
        }
        for (Channel c : http2.toArray(Channel[]::new)) {
            c.close();
        }
    }

    int open() {
        return http1.size() + http2.size();
    }
}

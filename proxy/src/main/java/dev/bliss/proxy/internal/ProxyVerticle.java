package dev.bliss.proxy.internal;

import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.tls.TlsFingerprints;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One instance per event loop. It owns its loop's HTTP clients (so origin connections live on the
 * loop that serves the client connection) and its own {@link ProxyHandler}; it listens on every
 * listener, and Vert.x spreads accepted connections over the instances.
 */
final class ProxyVerticle extends VerticleBase {

    private final ProxyShared shared;
    private final List<HttpServer> servers = new ArrayList<>();

    ProxyVerticle(ProxyShared shared) {
        this.shared = shared;
    }

    @Override
    public Future<?> start() {
        OriginClients clients = new OriginClients(vertx, shared.options().limits().maxHeaderSize(),
                shared.options().timeouts().shutdown().toMillis(), shared::routes);
        ProxyHandler handler = new ProxyHandler(vertx, shared, clients);
        List<Future<HttpServer>> listening = new ArrayList<>();
        for (ListenerOptions l : shared.options().listeners()) {
            HttpServerOptions options = new HttpServerOptions()
                    .setHost(l.host())
                    .setPort(l.port())
                    .setMaxHeaderSize(shared.options().limits().maxHeaderSize())
                    .setCompressionSupported(false)
                    .setDecompressionSupported(false)
                    .setHttp2ClearTextEnabled(true)
                    .setTcpNoDelay(true);
            if (l.tls() != null) {
                options.setSsl(true).setUseAlpn(true).setKeyCertOptions(new PemKeyCertOptions()
                        .setCertPath(l.tls().certificate().toString())
                        .setKeyPath(l.tls().key().toString()))
                        // JDK engine plus ClientHello capture, for the JA3/JA4 of each connection
                        .setSslEngineOptions(TlsFingerprints.sslEngineOptions());
            }
            HttpServer server = vertx.createHttpServer(options).requestHandler(handler);
            servers.add(server);
            listening.add(server.listen());
        }
        return Future.all(listening);
    }

    /**
     * Stops accepting and lets in-flight exchanges finish, up to the shutdown timeout. The origin
     * clients stay open meanwhile: the exchanges still need them. Called before undeployment,
     * which would close the clients along with the verticle.
     */
    Future<Void> drain() {
        long millis = shared.options().timeouts().shutdown().toMillis();
        Promise<Void> drained = Promise.promise();
        context.runOnContext(v -> {
            List<Future<Void>> closing = new ArrayList<>();
            for (HttpServer s : servers) {
                closing.add(s.shutdown(millis, TimeUnit.MILLISECONDS));
            }
            Future.join(closing).onComplete(ar -> drained.complete());
        });
        return drained.future();
    }

    /** The port the first listener bound (useful with port 0). */
    int actualPort(int listener) {
        return servers.get(listener).actualPort();
    }
}

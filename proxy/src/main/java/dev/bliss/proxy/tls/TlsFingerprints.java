package dev.bliss.proxy.tls;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.SSLEngineOptions;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * The component's entry points: the engine options that turn capture on for a listener, and the
 * lookup of a connection's fingerprint for its requests.
 *
 * <p>{@link #of} is the one place that uses a Vert.x internal type ({@code ConnectionBase}, which
 * both the HTTP/1.x and the HTTP/2 server connection extend) to reach the Netty channel the
 * fingerprint is stored on. It allocates nothing: attribute lookups on a channel are a search
 * over a small array, and {@code hasAttr} first keeps a missing one from being created.
 */
public final class TlsFingerprints {

    static final AttributeKey<TlsFingerprint> KEY = AttributeKey.valueOf(TlsFingerprints.class, "fingerprint");

    private TlsFingerprints() {
    }

    /** JDK engine options for {@code HttpServerOptions.setSslEngineOptions}: TLS as usual, plus capture. */
    public static SSLEngineOptions sslEngineOptions() {
        return new FingerprintingSslEngineOptions();
    }

    /**
     * The fingerprint of the connection, or {@code null} when it is not TLS, not from a listener
     * with capture, or not a Vert.x connection. Event loop of the connection; allocation-free.
     */
    public static TlsFingerprint of(HttpConnection connection) {
        if (connection instanceof ConnectionBase base) {
            Channel channel = base.channel();
            return channel.hasAttr(KEY) ? channel.attr(KEY).get() : null;
        }
        return null;
    }
}

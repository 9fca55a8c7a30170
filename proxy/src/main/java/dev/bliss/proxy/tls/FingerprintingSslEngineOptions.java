package dev.bliss.proxy.tls;

import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;

/**
 * The JDK TLS engine (what Vert.x picks by default when ALPN is on) with ClientHello capture:
 * set on a listener's {@code HttpServerOptions.setSslEngineOptions}. It stays a
 * {@link JdkSSLEngineOptions}, so Vert.x's checks (ALPN availability, worker-pool setting, JSON)
 * treat it as the JDK engine it is.
 */
final class FingerprintingSslEngineOptions extends JdkSSLEngineOptions {

    FingerprintingSslEngineOptions() {
    }

    private FingerprintingSslEngineOptions(FingerprintingSslEngineOptions other) {
        super(other);
    }

    @Override
    public SslContextFactory sslContextFactory() {
        return new FingerprintingSslContextFactory(super.sslContextFactory());
    }

    /** Vert.x copies options when a server is created; the copy must keep the capture. */
    @Override
    public FingerprintingSslEngineOptions copy() {
        return new FingerprintingSslEngineOptions(this);
    }
}

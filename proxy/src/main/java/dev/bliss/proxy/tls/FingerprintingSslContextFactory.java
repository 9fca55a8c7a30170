package dev.bliss.proxy.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.vertx.core.spi.tls.SslContextFactory;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Vert.x's SslContextFactory (a public SPI) over the JDK engine's own factory: every setting is
 * passed through, and a server context comes back wrapped in a {@link FingerprintingSslContext}.
 *
 * <p>If a later Vert.x adds a setting to the SPI, this class must pass it on too, or it is lost
 * (the SPI's defaults ignore it); the TLS listener tests (ALPN, h2) would show the common ones.
 */
final class FingerprintingSslContextFactory implements SslContextFactory {

    private final SslContextFactory jdk;
    private boolean client;

    FingerprintingSslContextFactory(SslContextFactory jdk) {
        this.jdk = jdk;
    }

    @Override
    public SslContextFactory useAlpn(boolean useAlpn) {
        jdk.useAlpn(useAlpn);
        return this;
    }

    @Override
    public SslContextFactory clientAuth(ClientAuth clientAuth) {
        jdk.clientAuth(clientAuth);
        return this;
    }

    @Override
    public SslContextFactory forClient(boolean forClient) {
        this.client = forClient;
        jdk.forClient(forClient);
        return this;
    }

    @Override
    public SslContextFactory keyMananagerFactory(KeyManagerFactory kmf) {
        jdk.keyMananagerFactory(kmf);
        return this;
    }

    @Override
    public SslContextFactory trustManagerFactory(TrustManagerFactory tmf) {
        jdk.trustManagerFactory(tmf);
        return this;
    }

    @Override
    public SslContextFactory enabledCipherSuites(Set<String> suites) {
        jdk.enabledCipherSuites(suites);
        return this;
    }

    @Override
    public SslContextFactory applicationProtocols(List<String> protocols) {
        jdk.applicationProtocols(protocols);
        return this;
    }

    @Override
    public SslContextFactory serverName(String name) {
        jdk.serverName(name);
        return this;
    }

    @Override
    public SslContext create() throws SSLException {
        SslContext context = jdk.create();
        return client ? context : new FingerprintingSslContext(context);
    }
}

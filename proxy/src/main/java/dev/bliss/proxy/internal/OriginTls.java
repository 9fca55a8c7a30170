package dev.bliss.proxy.internal;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import javax.net.ssl.SSLException;

/**
 * The client TLS context for https origins: the JDK's trust store and hostname verification, as
 * a browser would check the origin. Made once per proxy; every loop's pools share it.
 */
final class OriginTls {

    private OriginTls() {
    }

    static SslContext clientContext() {
        try {
            return SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
                    .endpointIdentificationAlgorithm("HTTPS").build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot make the TLS client context for origins: " + e.getMessage(), e);
        }
    }
}

package dev.bliss.proxy.listener;

import dev.bliss.proxy.config.TlsOptions;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.vertx.core.Vertx;
import io.vertx.core.net.PemKeyCertOptions;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;

/**
 * A listener's server TLS context: the JDK engine (whose ClientHello the fingerprint capture
 * reads in front of it), ALPN offering h2 then http/1.1, HTTP/2's cipher suites first. The PEM
 * files are read with Vert.x's reader, which takes PKCS#1 and PKCS#8 keys alike.
 */
final class ListenerTls {

    private ListenerTls() {
    }

    static SslContext serverContext(TlsOptions options, Vertx vertx) {
        try {
            KeyManagerFactory keys = new PemKeyCertOptions()
                    .setCertPath(options.certificate().toString())
                    .setKeyPath(options.key().toString())
                    .getKeyManagerFactory(vertx);
            return SslContextBuilder.forServer(keys)
                    .sslProvider(SslProvider.JDK)
                    .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1))
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("TLS: " + e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + options.certificate() + " / " + options.key() + ": " + e.getMessage(), e);
        }
    }
}

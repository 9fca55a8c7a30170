package dev.bliss.proxy.listener;

import dev.bliss.proxy.config.TlsOptions;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.netty.util.DomainWildcardMappingBuilder;
import io.netty.util.Mapping;
import io.vertx.core.Vertx;
import io.vertx.core.net.PemKeyCertOptions;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;

/**
 * A listener's server TLS: one context per certificate (the JDK engine, whose ClientHello the
 * fingerprint capture reads in front of it; ALPN offering h2 then http/1.1; HTTP/2's cipher suites
 * first), and, with several certificates, Netty's {@link SniHandler} choosing one by the
 * ClientHello's server name (exact names first, then one-label wildcards, else the default). The
 * PEM files are read with Vert.x's reader, which takes PKCS#1 and PKCS#8 keys alike.
 *
 * <pre>
 *  ClientHelloCapture ─► SslHandler                          one certificate
 *  ClientHelloCapture ─► SniHandler ─(server name)─► SslHandler   several
 * </pre>
 *
 * A reload ({@link #prepare}, then {@link Prepared#apply}) builds every context off the event
 * loops and swaps them in with one volatile store: handshakes that start after it get the new
 * certificates, connections already open keep theirs.
 *
 * <p>Thread-safe: {@link #newHandler} on any event loop, reloads on a worker thread.
 */
final class ListenerTls {

    /** What a connection's handshake reads: replaced whole by a reload. */
    private record Contexts(SslContext single, Mapping<String, SslContext> byName) {
    }

    private final Vertx vertx;
    private volatile Contexts contexts;

    private ListenerTls(Vertx vertx, Contexts contexts) {
        this.vertx = vertx;
        this.contexts = contexts;
    }

    /** @throws IllegalStateException when a certificate or key cannot be read or used (the message names the files) */
    static ListenerTls of(TlsOptions options, Vertx vertx) {
        return new ListenerTls(vertx, contexts(options, vertx));
    }

    /** The TLS handler of a new connection, behind its ClientHelloCapture. */
    ChannelHandler newHandler(Channel ch) {
        Contexts c = contexts;
        if (c.single != null) {
            return c.single.newHandler(ch.alloc());
        }
        return new SniHandler(c.byName);
    }

    /** A reload's new contexts, built and checked; nothing changes until {@link #apply}. */
    final class Prepared {

        private final Contexts next;

        private Prepared(Contexts next) {
            this.next = next;
        }

        void apply() {
            contexts = next;
        }
    }

    /** Reads {@code options}' files again (a renewed certificate at the same path too). Blocking. */
    Prepared prepare(TlsOptions options) {
        return new Prepared(contexts(options, vertx));
    }

    private static Contexts contexts(TlsOptions options, Vertx vertx) {
        if (options.certificates().size() == 1) {
            return new Contexts(context(options.certificates().getFirst(), vertx), null);
        }
        SslContext fallback = context(options.certificates().getFirst(), vertx);
        DomainWildcardMappingBuilder<SslContext> names = new DomainWildcardMappingBuilder<>(fallback);
        for (TlsOptions.Certificate certificate : options.certificates()) {
            SslContext context = certificate == options.certificates().getFirst() ? fallback : context(certificate, vertx);
            for (String name : certificate.names()) {
                names.add(name, context);
            }
        }
        return new Contexts(null, names.build());
    }

    private static SslContext context(TlsOptions.Certificate certificate, Vertx vertx) {
        try {
            KeyManagerFactory keys = new PemKeyCertOptions()
                    .setCertPath(certificate.certificate().toString())
                    .setKeyPath(certificate.key().toString())
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
            throw new IllegalStateException("cannot read " + certificate.certificate() + " / " + certificate.key() + ": "
                    + e.getMessage(), e);
        }
    }
}

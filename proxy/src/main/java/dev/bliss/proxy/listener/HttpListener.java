package dev.bliss.proxy.listener;

import dev.bliss.proxy.config.ListenerOptions;
import dev.bliss.proxy.exchange.RequestPath;
import dev.bliss.proxy.forward.ForwardedHeaders;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import dev.bliss.proxy.config.TlsOptions;
import io.vertx.core.Vertx;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One bound listener: a Netty server channel on the Vert.x instance's acceptor loop whose
 * accepted connections go to the instance's event loops (Netty's round-robin), each into that
 * loop's {@link RequestPath}. No Vert.x HttpServer is involved; Vert.x lends its loops and its
 * transport's channel types.
 */
public final class HttpListener {

    private final Channel channel;
    private final ListenerTls tls;

    private HttpListener(Channel channel, ListenerTls tls) {
        this.channel = channel;
        this.tls = tls;
    }

    /**
     * Binds {@code options}; blocks until bound.
     *
     * @param paths          each event loop's request path, for every loop of {@code loops}
     * @param maxHeaderSize  limits.max_header_size
     * @param trust          the trusted proxies in force, whose PROXY headers are believed
     * @throws IllegalStateException when the address cannot be bound (the cause says why)
     */
    public static HttpListener bind(ListenerOptions options, EventLoopGroup acceptor, EventLoopGroup loops,
                                    ChannelFactory<? extends ServerChannel> serverChannels,
                                    Map<EventLoop, RequestPath> paths, int maxHeaderSize, Vertx vertx,
                                    Supplier<ForwardedHeaders> trust) {
        ListenerTls tls = options.tls() == null ? null : ListenerTls.of(options.tls(), vertx);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, loops)
                .channelFactory(serverChannels)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ClientChannelInitializer(paths, tls, maxHeaderSize, options.proxyProtocol(), trust));
        ChannelFuture bound = bootstrap.bind(new InetSocketAddress(options.host(), options.port())).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new IllegalStateException("cannot listen on " + options.host() + ":" + options.port() + ": "
                    + bound.cause().getMessage(), bound.cause());
        }
        return new HttpListener(bound.channel(), tls);
    }

    /**
     * A reload's certificates for this listener, read and checked (blocking; off the event
     * loops); {@link Runnable#run} puts them in force for the handshakes that follow. Open
     * connections keep theirs.
     *
     * @throws IllegalStateException when a file cannot be read or used
     * @throws IllegalArgumentException when the listener was started without TLS, or with it and
     *                                  {@code options} has none (a restart changes that)
     */
    public Runnable prepareTls(TlsOptions options) {
        if (tls == null || options == null) {
            throw new IllegalArgumentException("TLS on or off changes only with a restart");
        }
        ListenerTls.Prepared next = tls.prepare(options);
        return next::apply;
    }

    /** Whether the listener terminates TLS. */
    public boolean tls() {
        return tls != null;
    }

    /** The port bound (the real one when configured as 0). */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Stops accepting; connections already accepted are not touched. */
    public void close() {
        channel.close().awaitUninterruptibly();
    }
}

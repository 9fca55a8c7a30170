package dev.bliss.proxy.exchange;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;

/**
 * The allocation baseline of a proxy made of Netty's HTTP codecs and nothing else: each client
 * connection gets one keep-alive connection to the origin, on the same loop, and the decoded
 * objects are passed through unchanged both ways. What a request costs here is what the codecs
 * cost; whatever bliss allocates beyond it is bliss's own.
 */
final class CodecRelay implements AutoCloseable {

    private final EventLoopGroup loop;
    private final Channel server;

    CodecRelay(String threadName, int originPort) throws InterruptedException {
        this.loop = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(threadName), NioIoHandler.newFactory());
        Bootstrap toOrigin = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true).remoteAddress("127.0.0.1", originPort);
        this.server = new ServerBootstrap().group(loop).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel client) {
                        client.config().setAutoRead(false);
                        Channel origin = toOrigin.clone().handler(new ChannelInitializer<>() {
                            @Override
                            protected void initChannel(Channel o) {
                                o.pipeline().addLast(new HttpClientCodec(), new Pass(client));
                            }
                        }).connect().addListener(f -> client.config().setAutoRead(true)).channel();
                        client.pipeline().addLast(new HttpServerCodec(), new Pass(origin));
                        client.closeFuture().addListener(f -> origin.close());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        loop.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Writes what it reads to the other channel, flushing at each message's end. */
    private static final class Pass extends ChannelInboundHandlerAdapter {

        private final Channel to;

        Pass(Channel to) {
            this.to = to;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof LastHttpContent) {
                to.writeAndFlush(msg, to.voidPromise());
            } else {
                to.write(msg, to.voidPromise());
            }
        }
    }
}

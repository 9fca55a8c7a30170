package dev.bliss.proxy.listener;

import dev.bliss.plugin.IpAddress;
import dev.bliss.proxy.config.ProxyProtocol;
import dev.bliss.proxy.exchange.ClientConnectionInfo;
import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.exchange.RequestPath;
import dev.bliss.proxy.tls.TlsFingerprints;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.codec.haproxy.HAProxyProtocolVersion;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ServerUpgradeCodec;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.util.AsciiString;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The pipeline of an accepted client connection, on the event loop it was assigned to:
 *
 * <pre>
 *  always first: ClientDeadline (header and keep-alive timeouts), then
 *  proxy_protocol, from a trusted proxy: HAProxyMessageDecoder ─► ProxyHeaderReader, which builds
 *              the rest once the header is read; from anyone else: ProxyHeaderRefusal, then the rest
 *  TLS:        ClientHelloCapture ─► SslHandler ─► ALPN ─┬─ h2 ─────► HTTP/2 (below)
 *                                                          └─ http/1.1 ► HTTP/1.1 (below)
 *  cleartext:  CleartextPreface ─► Http1ServerCodec ─► HttpServerUpgradeHandler ─► ClientConnection:
 *              h2c prior knowledge or Upgrade: h2c turn it into HTTP/2 (the HTTP/1.x handlers
 *              then leave), else HTTP/1.1
 *
 *  HTTP/1.1:   Http1ServerCodec (Netty's decoder, refusing TE+CL and obs-fold) ─► ClientConnection
 *  HTTP/2:     Http2FrameCodec ─► Http2MultiplexHandler ─► per stream:
 *                                 Http2StreamFrameToHttpObjectCodec ─► ClientConnection
 * </pre>
 *
 * Both protocols end in the same {@link RequestPath} of that loop: HTTP/2 streams are turned into
 * the HTTP/1.x objects the path already speaks, so there is one exchange logic for both.
 *
 * <p>Shared by every connection of a listener.
 */
@ChannelHandler.Sharable
final class ClientChannelInitializer extends ChannelInitializer<Channel> {

    private final Map<EventLoop, RequestPath> paths;
    private final ListenerTls tls;
    private final int maxHeaderSize;
    private final ProxyProtocol proxyProtocol;
    private final Supplier<ForwardedHeaders> trust;

    /**
     * @param paths         each event loop's request path
     * @param tls           the listener's TLS contexts (ALPN h2 and http/1.1; chosen by SNI), or {@code null}
     * @param maxHeaderSize bytes of request head (HTTP/1.1) and header list (HTTP/2) accepted
     * @param proxyProtocol whether trusted proxies open their connections with a PROXY header
     * @param trust         the trusted proxies in force (a reload replaces them)
     */
    ClientChannelInitializer(Map<EventLoop, RequestPath> paths, ListenerTls tls, int maxHeaderSize,
                             ProxyProtocol proxyProtocol, Supplier<ForwardedHeaders> trust) {
        this.paths = paths;
        this.tls = tls;
        this.maxHeaderSize = maxHeaderSize;
        this.proxyProtocol = proxyProtocol;
        this.trust = trust;
    }

    @Override
    protected void initChannel(Channel ch) {
        RequestPath path = paths.get(ch.eventLoop());
        if (path == null) {
            throw new IllegalStateException("no request path on " + ch.eventLoop());
        }
        ChannelPipeline p = ch.pipeline();
        p.addLast("deadline", path.newClientDeadline()); // first: it sees every byte, the TLS handshake's too
        if (proxyProtocol != ProxyProtocol.OFF) {
            if (fromTrustedProxy(ch)) {
                // the rest of the pipeline is built once the header has named the client
                p.addLast("proxyHeader", new HAProxyMessageDecoder());
                p.addLast("proxyHeaderReader", new ProxyHeaderReader(proxyProtocol == ProxyProtocol.V1
                        ? HAProxyProtocolVersion.V1 : HAProxyProtocolVersion.V2, path.connectionCounters(),
                        c -> httpPipeline(c, path)));
                return;
            }
            p.addLast("proxyHeaderRefusal", new ProxyHeaderRefusal(path.connectionCounters()));
        }
        httpPipeline(ch, path);
    }

    private boolean fromTrustedProxy(Channel ch) {
        IpAddress peer = new IpAddress(); // once per connection
        return ch.remoteAddress() instanceof InetSocketAddress remote && remote.getAddress() != null
                && peer.parse(remote.getAddress().getHostAddress()) && trust.get().trusts(peer);
    }

    /** TLS (with ALPN) or cleartext (with h2c), then HTTP/1.1 or HTTP/2 into the request path. */
    private void httpPipeline(Channel ch, RequestPath path) {
        ChannelPipeline p = ch.pipeline();
        if (tls != null) {
            p.addLast("clientHelloCapture", TlsFingerprints.newCapture());
            p.addLast("ssl", tls.newHandler(ch));
            p.addLast("alpn", new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
                @Override
                protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                    if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                        http2(ctx.pipeline(), path, true);
                    } else {
                        http1(ctx.pipeline(), path, true);
                    }
                }
            });
        } else {
            Http1ServerCodec codec = newHttp1Codec();
            HttpServerUpgradeHandler upgrade = new HttpServerUpgradeHandler(codec, protocol ->
                    AsciiString.contentEquals(Http2CodecUtil.HTTP_UPGRADE_PROTOCOL_NAME, protocol)
                            ? new Http2ServerUpgradeCodec(newHttp2Codec(), newMultiplex(ch, path, false))
                            : null,
                    maxHeaderSize + 65536);
            p.addLast("h2c", new CleartextPreface(new ChannelInitializer<>() {
                @Override
                protected void initChannel(Channel c) {
                    http2(c.pipeline(), path, false);
                }
            }, codec, upgrade));
            p.addLast("http", codec);
            p.addLast("upgrade", upgrade);
            // leaves the pipeline by itself when the connection turns out to speak HTTP/2
            p.addLast("exchange", path.newClientHandler(RequestPath.connectionInfo(ch, false, false)));
        }
    }

    private void http1(ChannelPipeline p, RequestPath path, boolean tls) {
        p.addLast("http", newHttp1Codec());
        p.addLast("exchange", path.newClientHandler(RequestPath.connectionInfo(p.channel(), tls, false)));
    }

    private void http2(ChannelPipeline p, RequestPath path, boolean tls) {
        p.addLast("http2", newHttp2Codec());
        p.addLast("multiplex", newMultiplex(p.channel(), path, tls));
        path.http2ConnectionOpened(p.channel());
    }

    private Http2MultiplexHandler newMultiplex(Channel connection, RequestPath path, boolean tls) {
        ClientConnectionInfo info = RequestPath.connectionInfo(connection, tls, true);
        return new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel stream) {
                stream.config().setRecvByteBufAllocator(StreamReadBursts.INSTANCE);
                stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true), path.newClientHandler(info));
            }
        });
    }

    private Http1ServerCodec newHttp1Codec() {
        return new Http1ServerCodec(new HttpDecoderConfig()
                .setMaxInitialLineLength(8192).setMaxHeaderSize(maxHeaderSize).setMaxChunkSize(8192));
    }

    private Http2FrameCodec newHttp2Codec() {
        return Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings().maxHeaderListSize(maxHeaderSize))
                .validateHeaders(true)
                .build();
    }
}

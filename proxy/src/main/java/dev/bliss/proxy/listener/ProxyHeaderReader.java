package dev.bliss.proxy.listener;

import dev.bliss.proxy.exchange.ClientConnectionInfo;
import dev.bliss.proxy.metrics.ClientConnectionMeters;
import dev.bliss.proxy.metrics.LoopCounters;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.haproxy.HAProxyCommand;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyProtocolVersion;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;
import io.netty.util.ReferenceCountUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * Takes the PROXY header of a connection from a trusted proxy, which Netty's
 * {@code HAProxyMessageDecoder} in front of it decoded, and makes its source address the
 * connection's client ({@link ClientConnectionInfo#PROXIED_CLIENT}); then it builds the rest of
 * the pipeline (TLS, HTTP) and leaves. The decoder leaves too, handing on the bytes that followed
 * the header, so the HTTP handlers see the stream as if the header had never been there.
 *
 * <pre>
 *  ClientDeadline ─► HAProxyMessageDecoder ─► ProxyHeaderReader          (until the header)
 *  ClientDeadline ─► TLS / HTTP handlers …                               (after it)
 * </pre>
 *
 * A connection without a header, with a malformed one or with the other version than the
 * listener's is closed before a byte reaches HTTP, and counted. {@code LOCAL} headers (a
 * balancer's own health check) and {@code UNKNOWN} protocols keep the TCP peer as the client.
 * The header has to arrive within {@code timeouts.client_header}, like the request head after it.
 *
 * <p>One per connection; its event loop only.
 */
final class ProxyHeaderReader extends ChannelInboundHandlerAdapter {

    private final HAProxyProtocolVersion version;
    private final LoopCounters counters;
    private final Consumer<Channel> httpPipeline;
    private boolean refused;

    /** @param httpPipeline adds the TLS and HTTP handlers behind the PROXY ones */
    ProxyHeaderReader(HAProxyProtocolVersion version, LoopCounters counters, Consumer<Channel> httpPipeline) {
        this.version = version;
        this.counters = counters;
        this.httpPipeline = httpPipeline;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof HAProxyMessage header)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        try {
            if (header.protocolVersion() != version) {
                refuse(ctx);
                return;
            }
            InetSocketAddress client = client(header);
            if (client != null) {
                ctx.channel().attr(ClientConnectionInfo.PROXIED_CLIENT).set(client);
            }
        } finally {
            header.release();
        }
        ctx.pipeline().remove(this);
        httpPipeline.accept(ctx.channel());
    }

    /** The header's source, or null when it names none (LOCAL, UNKNOWN, a UNIX socket). */
    private static InetSocketAddress client(HAProxyMessage header) {
        HAProxyProxiedProtocol.AddressFamily family = header.proxiedProtocol().addressFamily();
        if (header.command() != HAProxyCommand.PROXY || header.sourceAddress() == null
                || (family != HAProxyProxiedProtocol.AddressFamily.AF_IPv4
                && family != HAProxyProxiedProtocol.AddressFamily.AF_IPv6)) {
            return null;
        }
        // a literal (the decoder checked its syntax): no name lookup on the event loop
        return new InetSocketAddress(InetAddress.ofLiteral(header.sourceAddress()), header.sourcePort());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof DecoderException || cause instanceof IllegalArgumentException) {
            refuse(ctx); // no header, a malformed one (HAProxyProtocolException), or an address that is not one
        } else {
            ctx.fireExceptionCaught(cause);
        }
    }

    private void refuse(ChannelHandlerContext ctx) {
        if (!refused) { // the decoder may have closed the connection already: it is counted once all the same
            refused = true;
            counters.add(ClientConnectionMeters.PROXY_PROTOCOL_MALFORMED, 1);
        }
        ctx.close();
    }
}

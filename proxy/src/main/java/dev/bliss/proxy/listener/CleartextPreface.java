package dev.bliss.proxy.listener;

import dev.bliss.proxy.exchange.ClientConnectionEvent;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.util.List;

/**
 * The first handler of a cleartext connection: tells HTTP/2 with prior knowledge (the connection
 * opens with the HTTP/2 preface, RFC 9113 §3.3) from HTTP/1.x. On the preface, the HTTP/1.x
 * handlers named at construction leave and {@code http2} takes their place; on anything else this
 * handler leaves and the bytes go to the HTTP/1.x codec (which may still upgrade with
 * {@code Upgrade: h2c}).
 *
 * <p>What Netty's {@code CleartextHttp2ServerUpgradeHandler} does, for a codec of bliss's own
 * ({@link Http1ServerCodec}) where Netty's wants its {@code HttpServerCodec}.
 *
 * <p>One per connection.
 */
final class CleartextPreface extends ByteToMessageDecoder {

    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf().asReadOnly();

    private final ChannelHandler[] http1;
    private final ChannelHandler http2;

    /**
     * @param http2 what handles the connection as HTTP/2 (it sees the preface)
     * @param http1 the HTTP/1.x handlers that leave when the connection is HTTP/2
     */
    CleartextPreface(ChannelHandler http2, ChannelHandler... http1) {
        this.http2 = http2;
        this.http1 = http1;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int n = Math.min(in.readableBytes(), PREFACE.readableBytes());
        if (!ByteBufUtil.equals(PREFACE, PREFACE.readerIndex(), in, in.readerIndex(), n)) {
            ctx.pipeline().remove(this); // HTTP/1.x: the buffered bytes go on to the codec
        } else if (n == PREFACE.readableBytes()) {
            for (ChannelHandler h : http1) {
                ctx.pipeline().remove(h);
            }
            ctx.pipeline().addAfter(ctx.name(), null, http2);
            ctx.pipeline().remove(this);
            ctx.fireUserEventTriggered(ClientConnectionEvent.HTTP2_PRIOR_KNOWLEDGE);
        }
    }
}

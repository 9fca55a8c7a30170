package dev.bliss.proxy.origin;

import dev.bliss.proxy.pipeline.RateLimitedLog;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * One keep-alive connection to an origin, the last handler of its pipeline
 * ({@code HttpClientCodec} in front of it, TLS before that for https origins). While an exchange
 * holds it, everything the origin sends goes to that exchange's {@link OriginListener}; while it
 * idles in its {@link OriginPool}, anything the origin sends is out of step with what was asked,
 * so the connection is closed rather than trusted with the next request.
 *
 * <p>Event loop of its pool only.
 */
public final class OriginConnection extends ChannelInboundHandlerAdapter {

    private static final RateLimitedLog ERRORS = new RateLimitedLog(10_000_000_000L);

    private final OriginPool pool;
    private ChannelHandlerContext ctx;
    private OriginListener owner;
    private long idleSinceNanos;

    OriginConnection(OriginPool pool) {
        this.pool = pool;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    public Channel channel() {
        return ctx.channel();
    }

    /** The pool this connection goes back to. */
    public OriginPool pool() {
        return pool;
    }

    void bind(OriginListener listener) {
        owner = listener;
    }

    /** Unbinds the exchange; the connection is then either given back to the pool or closed. */
    void unbind(long nowNanos) {
        owner = null;
        idleSinceNanos = nowNanos;
    }

    boolean isBound() {
        return owner != null;
    }

    long idleSinceNanos() {
        return idleSinceNanos;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        OriginListener o = owner;
        if (o == null) {
            ReferenceCountUtil.release(msg);
            ctx.close();
            return;
        }
        o.originRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        OriginListener o = owner;
        if (o != null) {
            o.originReadComplete();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        OriginListener o = owner;
        if (o != null) {
            o.originWritabilityChanged(ctx.channel().isWritable());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        OriginListener o = owner;
        owner = null;
        pool.closed(this);
        if (o != null) {
            o.originClosed();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a decode error or a broken socket: channelInactive follows and tells the exchange
        if (!(cause instanceof java.io.IOException)) {
            ERRORS.warn("origin connection " + ctx.channel() + " failed; closing it", cause);
        }
        ctx.close();
    }
}

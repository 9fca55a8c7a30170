package dev.bliss.proxy.exchange;

import dev.bliss.proxy.pipeline.RateLimitedLog;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * The client end of exchanges: the last handler of an HTTP/1.x connection's pipeline, or of one
 * HTTP/2 stream's (whose codec turns frames into the same objects). It starts an {@link Exchange}
 * per request head and feeds it the body; exchanges on one HTTP/1.x connection run one at a time,
 * and requests pipelined behind the current one wait, with reading stopped, until it ends.
 *
 * <p>Reading is stopped for two reasons, tracked separately so that neither lifts the other:
 * {@link #PAUSED_FOR_PIPELINING} and {@link #PAUSED_FOR_ORIGIN} (the origin's socket is full, or
 * the exchange has no origin connection yet).
 *
 * <p>One per channel; its event loop only.
 */
public final class ClientConnection extends ChannelInboundHandlerAdapter {

    private static final RateLimitedLog ERRORS = new RateLimitedLog(10_000_000_000L);

    static final int PAUSED_FOR_PIPELINING = 1;
    static final int PAUSED_FOR_ORIGIN = 2;

    private final RequestPath path;
    private final ClientConnectionInfo info;
    private ChannelHandlerContext ctx;
    private Exchange current;
    private ArrayDeque<Object> backlog;
    private int pausedFor;
    private boolean tunnel;
    private boolean draining;

    ClientConnection(RequestPath path, ClientConnectionInfo info) {
        this.path = path;
        this.info = info;
    }

    ClientConnectionInfo info() {
        return info;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (!info.http2) {
            path.connections().opened(this); // streams are not connections: their parent is tracked
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (tunnel) {
            tunnelRead(msg);
            return;
        }
        if ((backlog != null && !backlog.isEmpty()) || (msg instanceof HttpRequest && current != null)) {
            if (backlog == null) {
                backlog = new ArrayDeque<>(4);
            }
            backlog.addLast(msg); // a pipelined request: it waits for the current exchange
            pauseReading(PAUSED_FOR_PIPELINING);
            return;
        }
        dispatch(msg);
    }

    private void dispatch(Object msg) {
        if (msg instanceof HttpRequest request) {
            if (request.decoderResult().isFailure()) {
                ReferenceCountUtil.release(msg);
                path.answers().malformed(this, request.decoderResult().cause(), path.identity().freshId());
                return;
            }
            Exchange e = path.newExchange();
            current = e;
            info.exchangeStarted();
            e.begin(this, request, System.nanoTime());
            if (msg instanceof LastHttpContent) {
                e.requestEnded = true; // a full request: its body went with the head
            }
            return;
        }
        if (msg instanceof HttpContent content) {
            Exchange e = current;
            if (e == null) {
                content.release(); // the rest of a body whose exchange has ended
                return;
            }
            e.requestContent(content);
            return;
        }
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        Exchange e = current;
        if (e != null) {
            e.origin.flush();
        }
        ctx.fireChannelReadComplete();
    }

    /** The exchange {@code e} has ended; the next pipelined request, if any, goes now. */
    void exchangeEnded(Exchange e, boolean closing) {
        if (current != e) {
            return;
        }
        current = null;
        info.exchangeEnded();
        resumeReading(PAUSED_FOR_ORIGIN);
        if (closing) {
            return;
        }
        if (draining) {
            ctx.close();
            return;
        }
        while (backlog != null && !backlog.isEmpty() && current == null) {
            dispatch(backlog.pollFirst());
        }
        while (backlog != null && !backlog.isEmpty() && !(backlog.peekFirst() instanceof HttpRequest)) {
            dispatch(backlog.pollFirst()); // the new exchange's body, read with its head
        }
        if (backlog == null || backlog.isEmpty()) {
            resumeReading(PAUSED_FOR_PIPELINING);
        }
    }

    /**
     * Whether the connection closes after the response of {@code e}: the client asked for it,
     * the proxy is draining, or it is an HTTP/2 stream (which ends with its exchange anyway).
     */
    boolean closesAfter(Exchange e) {
        return !e.clientKeepAlive || draining;
    }

    // ---- writing the response

    void write(HttpObject message) {
        ctx.write(message, ctx.voidPromise());
    }

    void writeLast(LastHttpContent last, boolean close) {
        if (close && !info.http2) {
            ctx.writeAndFlush(last).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(last, ctx.voidPromise());
        }
    }

    /** Writes a whole response the proxy made itself. */
    void writeWhole(HttpResponse response, boolean close) {
        if (close && !info.http2) {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(response, ctx.voidPromise());
        }
    }

    void flush() {
        ctx.flush();
    }

    /** Whether the proxy is reading this connection (or stream): no pause for the origin or pipelining. */
    boolean isReading() {
        return pausedFor == 0;
    }

    /** The interim 100 a client that sent {@code Expect: 100-continue} waits for before its body. */
    void writeContinue() {
        ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER),
                ctx.voidPromise());
    }

    boolean isWritable() {
        return ctx.channel().isWritable();
    }

    /** Breaks the connection (HTTP/1.x) or resets the stream (HTTP/2): the response cannot end cleanly. */
    void close() {
        ctx.close();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        Exchange e = current;
        if (e != null && ctx.channel().isWritable()) {
            e.origin.clientWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    // ---- reading, paused and resumed

    void pauseReading(int reason) {
        if ((pausedFor & reason) == 0) {
            boolean wasReading = pausedFor == 0;
            pausedFor |= reason;
            if (wasReading) {
                ctx.channel().config().setAutoRead(false);
            }
        }
    }

    void resumeReading(int reason) {
        if ((pausedFor & reason) != 0) {
            pausedFor &= ~reason;
            if (pausedFor == 0) {
                ctx.channel().config().setAutoRead(true);
            }
        }
    }

    // ---- upgraded connections

    /** Sends the origin's 101 and turns this connection into a byte pipe to the origin's. */
    void startTunnel(HttpResponse switching) {
        tunnel = true;
        ctx.write(switching, ctx.voidPromise());
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, ctx.voidPromise());
        for (ChannelHandler h : path.listenerHandlersToRemoveForTunnel(ctx.pipeline())) {
            ctx.pipeline().remove(h);
        }
        resumeReading(PAUSED_FOR_ORIGIN | PAUSED_FOR_PIPELINING);
    }

    /** Origin bytes for the client of a spliced connection. */
    void tunnelWrite(Object msg) {
        if (msg instanceof ByteBuf bytes) {
            ctx.writeAndFlush(bytes, ctx.voidPromise());
        } else {
            ReferenceCountUtil.release(msg); // what the origin's codec emitted before it left
        }
    }

    private void tunnelRead(Object msg) {
        Exchange e = current;
        if (msg instanceof ByteBuf bytes && e != null) {
            e.origin.tunnelWrite(bytes);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    // ---- the connection's end

    /** The proxy is shutting down: close now when idle, else after the current response. */
    void drain() {
        draining = true;
        if (current == null && !tunnel) {
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!info.http2) {
            path.connections().closed(this);
        }
        Exchange e = current;
        current = null;
        if (e != null) {
            info.exchangeEnded();
            e.clientClosed();
        }
        if (backlog != null) {
            backlog.forEach(ReferenceCountUtil::release);
            backlog.clear();
        }
        ctx.fireChannelInactive();
    }

    /**
     * A cleartext connection became HTTP/2 (prior knowledge, or a completed h2c upgrade): the
     * HTTP/2 handlers in front now own it, and this handler leaves.
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        boolean upgraded = evt instanceof HttpServerUpgradeHandler.UpgradeEvent;
        if (upgraded || evt == ClientConnectionEvent.HTTP2_PRIOR_KNOWLEDGE) {
            path.connections().closed(this);
            if (upgraded) {
                path.http2ConnectionOpened(ctx.channel());
            }
            ctx.pipeline().remove(this);
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a reset by the client is ordinary; anything else is a bug or a protocol error worth seeing
        if (!(cause instanceof java.io.IOException)) {
            ERRORS.warn("client connection " + ctx.channel() + " failed; closing it", cause);
        }
        ctx.close();
    }
}

package dev.bliss.proxy.tls;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads a new TLS connection's ClientHello on its way to the {@code SslHandler}, directly in
 * front of which it sits, and stores the connection's {@link TlsFingerprint} as a channel
 * attribute ({@link TlsFingerprints#of}); then it removes itself, so later reads pay nothing.
 *
 * <pre>
 *  socket ─► ClientHelloCapture ─► ssl (SslHandler) ─► alpn ─► http…
 *                                       peeks, forwards every buffer unchanged
 * </pre>
 *
 * <p>Each buffer goes on as soon as it is read (no extra latency, no copy kept for the TLS
 * handler): the TLS engine cannot answer before the last byte of the ClientHello, and that byte
 * passes here first, so the fingerprint is always stored before the handshake can finish. A
 * connection whose first bytes are not a ClientHello within the size limit is refused here,
 * before that last buffer reaches the engine: TLS records that do not parse get a fatal
 * {@code decode_error} alert, anything else (plain HTTP, noise) is closed without a word. Only
 * this connection is touched; nothing is shared with others.
 *
 * <p>One per connection (not sharable); its event loop only.
 */
final class ClientHelloCapture extends ChannelInboundHandlerAdapter {

    /** A fatal decode_error alert record (RFC 8446 6: level 2, description 50). */
    private static final ByteBuf DECODE_ERROR = Unpooled.unreleasableBuffer(
            Unpooled.wrappedBuffer(new byte[] {21, 3, 3, 0, 2, 2, 50}).asReadOnly());

    private static final LongAdder REFUSED = new LongAdder();

    private final ClientHelloAssembler assembler = new ClientHelloAssembler();
    private boolean refused;

    /** Connections refused for their ClientHello since start, across all listeners (tests, metrics). */
    static long refusedConnections() {
        return REFUSED.sum();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        ClientHelloStatus status = assembler.offer(in);
        switch (status) {
            case NEED_MORE -> ctx.fireChannelRead(in);
            case COMPLETE -> {
                TlsFingerprint fingerprint = TlsFingerprinter.current().fingerprint(assembler);
                if (fingerprint == null) {
                    refuse(ctx, in, ClientHelloStatus.MALFORMED);
                    return;
                }
                ctx.channel().attr(TlsFingerprints.KEY).set(fingerprint);
                ctx.pipeline().remove(this);
                ctx.fireChannelRead(in);
            }
            default -> refuse(ctx, in, status);
        }
    }

    private void refuse(ChannelHandlerContext ctx, ByteBuf in, ClientHelloStatus status) {
        refused = true;
        REFUSED.increment();
        in.release();
        // ctx.write/close start here and go toward the socket, past no TLS handler: the alert
        // goes out as a plaintext record, as a handshake alert must
        if (status == ClientHelloStatus.NOT_TLS) {
            ctx.close();
        } else {
            ctx.writeAndFlush(DECODE_ERROR.duplicate()).addListener(ChannelFutureListener.CLOSE);
        }
    }
}

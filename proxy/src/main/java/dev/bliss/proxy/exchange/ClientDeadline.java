package dev.bliss.proxy.exchange;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * How long a client connection may go on without giving the proxy a whole request head: the
 * slowloris defence and the keep-alive idle timeout. The first handler of a client pipeline (in
 * front of TLS and the HTTP codecs, so it sees every byte the client sends, the handshake's too);
 * the loop's {@link ClientDeadlineSweep} closes the connection when the deadline passes.
 *
 * <pre>
 *  accept ─► ACCEPTED: closed at accept + client_header unless a head is complete by then
 *  exchange starts (HTTP/2: the first open stream) ─► EXCHANGES: no deadline here (the body
 *            timeout and the origin's response timeout are the exchange's, in ExchangeSweep)
 *  last exchange ends ─► IDLE: closed at end + keepalive ─► a byte arrives ─► HEAD:
 *            closed at that byte + client_header unless the head completes
 * </pre>
 *
 * Bytes arriving in ACCEPTED or HEAD move nothing: a head sent one byte every few seconds is as
 * late as one not sent at all. An HTTP/2 connection is in EXCHANGES while any stream is open; its
 * control frames (PING, SETTINGS) on an idle connection count as the start of a head.
 *
 * <p>One per client connection, not sharable; its event loop only.
 */
final class ClientDeadline extends ChannelInboundHandlerAdapter {

    static final int ACCEPTED = 0;
    static final int IDLE = 1;
    static final int HEAD = 2;
    static final int EXCHANGES = 3;

    private final ClientDeadlineSweep sweep;
    private ChannelHandlerContext ctx;
    private int phase;
    private int exchanges;
    /** When the connection is closed unless the phase changes; read by the sweep. */
    long deadlineNanos;
    /** Links of the sweep's list. */
    ClientDeadline previous;
    ClientDeadline next;
    boolean listed;

    ClientDeadline(ClientDeadlineSweep sweep) {
        this.sweep = sweep;
    }

    int phase() {
        return phase;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        phase = ACCEPTED;
        sweep.add(this, System.nanoTime() + sweep.limits().headerNanos());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (phase == IDLE) {
            phase = HEAD;
            sweep.add(this, System.nanoTime() + sweep.limits().headerNanos());
        }
        ctx.fireChannelRead(msg);
    }

    /** A request head was read whole and its exchange started (HTTP/2: on one of its streams). */
    void exchangeStarted() {
        if (exchanges++ == 0) {
            phase = EXCHANGES;
            sweep.remove(this);
        }
    }

    /** An exchange of this connection ended; the last one leaves the connection idle. */
    void exchangeEnded() {
        if (exchanges > 0 && --exchanges == 0) {
            phase = IDLE;
            sweep.add(this, System.nanoTime() + sweep.limits().keepAliveNanos());
        }
    }

    /** The sweep found the deadline passed. */
    void expired() {
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        sweep.remove(this);
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        sweep.remove(this);
    }
}

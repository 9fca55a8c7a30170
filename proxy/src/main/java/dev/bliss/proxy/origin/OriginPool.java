package dev.bliss.proxy.origin;

import dev.bliss.proxy.config.OriginAddress;
import dev.bliss.proxy.stats.OriginRecorder;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.ssl.SslContext;
import java.util.ArrayDeque;

/**
 * The connections of one event loop to one origin: keep-alive connections connected on that loop
 * and used only from it, so both ends of an exchange live on one thread and nothing crosses
 * threads on the request path.
 *
 * <pre>
 *  acquire(exchange) ─► an idle connection (most recently used first)
 *                    ─► else, below the size limit, a new connection on this loop
 *                    ─► else the exchange waits, first come first served, for a release
 *  release(conn, reusable) ─► the first waiter, else idle; or closed when not reusable
 * </pre>
 *
 * Idle connections are closed after the keep-alive time by {@link #closeIdle}, which the loop's
 * sweep calls; an idle connection the origin closes leaves at once ({@link #closed}).
 *
 * <p>Its connection counts go to its {@link OriginRecorder} as they change (two opaque stores), so
 * a scrape reads them without touching the pool.
 *
 * <p>Event loop only; not thread-safe.
 */
public final class OriginPool {

    private final OriginAddress address;
    private final Bootstrap bootstrap;
    private final int maxConnections;
    private final long keepAliveNanos;
    private final ArrayDeque<OriginConnection> idle = new ArrayDeque<>();
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private final OriginRecorder recorder;
    private int open;

    /**
     * @param tls      a client TLS context for https origins, else {@code null}
     * @param recorder where this pool's connections and exchanges are counted
     */
    public OriginPool(EventLoop loop, OriginAddress address, ChannelSource channels, int maxConnections,
                      long connectTimeoutMillis, long keepAliveNanos, int maxResponseHeaderSize, SslContext tls,
                      OriginRecorder recorder) {
        this.address = address;
        this.recorder = recorder;
        this.maxConnections = maxConnections;
        this.keepAliveNanos = keepAliveNanos;
        this.bootstrap = new Bootstrap()
                .group(loop)
                .channelFactory(channels.factory())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectTimeoutMillis))
                .remoteAddress(address.host(), address.port())
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc(), address.host(), address.port()));
                        }
                        ch.pipeline().addLast(new HttpClientCodec(4096, maxResponseHeaderSize, 8192),
                                new OriginConnection(OriginPool.this));
                    }
                });
    }

    public OriginAddress address() {
        return address;
    }

    /** Where this pool's connections and the exchanges it serves are counted. */
    public OriginRecorder recorder() {
        return recorder;
    }

    /**
     * Gives {@code listener} a connection now, or as soon as one is free (see the class comment).
     * The {@code ticket} comes back with the answer, so a listener that serves another exchange
     * by then can tell that the answer is stale.
     */
    public void acquire(OriginListener listener, int ticket) {
        OriginConnection c;
        while ((c = idle.pollLast()) != null) {
            if (c.channel().isActive()) {
                counted();
                hand(c, listener, ticket);
                return;
            }
        }
        if (open < maxConnections) {
            connect(listener, ticket);
        } else {
            waiters.addLast(new Waiter(listener, ticket)); // only when the pool is exhausted
        }
    }

    /** Withdraws a waiting exchange (its client left); a no-op when it is not waiting. */
    public void cancel(OriginListener listener) {
        waiters.removeIf(w -> w.listener == listener);
    }

    /**
     * Ends an exchange's use of its connection: a clean end of a response on a connection the
     * origin keeps alive ({@code reusable}) goes to the next waiter or back to idle; anything
     * else is closed, because its framing can no longer be trusted.
     */
    public void release(OriginConnection c, boolean reusable, long nowNanos) {
        c.unbind(nowNanos);
        if (!reusable || !c.channel().isActive()) {
            c.channel().close();
            return;
        }
        Waiter next = waiters.pollFirst();
        if (next != null) {
            hand(c, next.listener, next.ticket);
        } else {
            idle.addLast(c);
            counted();
        }
    }

    /**
     * Turns a bound connection into a byte pipe for an upgraded exchange (WebSocket): its HTTP
     * codec leaves the pipeline, handing on whatever bytes it had buffered, and the connection
     * never comes back to the pool; it stays counted until it closes.
     */
    public void detachForTunnel(OriginConnection c) {
        c.channel().pipeline().remove(HttpClientCodec.class);
    }

    /** Closes connections idle for longer than the keep-alive time; called by the loop's sweep. */
    public void closeIdle(long nowNanos) {
        OriginConnection oldest;
        while ((oldest = idle.peekFirst()) != null && nowNanos - oldest.idleSinceNanos() > keepAliveNanos) {
            idle.pollFirst();
            oldest.channel().close();
        }
        counted();
    }

    /** Closes every idle connection (shutdown). */
    public void closeAll() {
        OriginConnection c;
        while ((c = idle.pollFirst()) != null) {
            c.channel().close();
        }
        counted();
    }

    /** Connections open or connecting, idle or bound. */
    public int openConnections() {
        return open;
    }

    /** A connection's channel closed: it leaves the pool and makes room for a waiter. */
    void closed(OriginConnection c) {
        open--;
        idle.remove(c);
        counted();
        Waiter next;
        if (open < maxConnections && (next = waiters.pollFirst()) != null) {
            connect(next.listener, next.ticket);
        }
    }

    private void hand(OriginConnection c, OriginListener listener, int ticket) {
        c.bind(listener);
        if (!listener.originReady(c, ticket)) {
            release(c, true, System.nanoTime());
        }
    }

    private void connect(OriginListener listener, int ticket) {
        open++;
        recorder.connecting();
        counted();
        ChannelFuture connecting = bootstrap.connect();
        connecting.addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                open--;
                recorder.connectFailed();
                counted();
                listener.originUnreachable(f.cause(), ticket);
                return;
            }
            hand(f.channel().pipeline().get(OriginConnection.class), listener, ticket);
        });
    }

    /** The connection counts changed: the recorder gets them. */
    private void counted() {
        recorder.connections(open, idle.size());
    }

    /** An exchange waiting for a connection of an exhausted pool. */
    private record Waiter(OriginListener listener, int ticket) {
    }
}

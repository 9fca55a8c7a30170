package dev.bliss.proxy.exchange;

import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.proxy.origin.OriginConnection;
import dev.bliss.proxy.origin.OriginListener;
import dev.bliss.proxy.origin.OriginPool;
import dev.bliss.proxy.stats.OriginRecorder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * The origin side of an exchange: takes a connection from the loop's pool, writes the request
 * head and streams the body to it, and relays the origin's response to the client, with
 * back-pressure both ways and no copy of any body chunk (the codecs' buffers are passed on) but
 * the small ones of a read burst, which a {@link ChunkCoalescer} per direction makes one chunk.
 *
 * <pre>
 *  start(pool) ─► originReady ─► head, queued body, flush ─► body chunks as the client sends them
 *  originRead: head ─► hop-by-hop out, framing and keep-alive for the client's hop ─► client
 *              chunks ─► client (origin paused while the client's socket is full)
 *              end ─► connection back to the pool (or closed) ─► exchange ends
 *  101 to a WebSocket handshake ─► both codecs leave their pipelines, bytes are spliced
 * </pre>
 *
 * Origin silence is not timed per request: the loop's {@link ExchangeSweep} looks at
 * {@link #lastActivityNanos} of every leg waiting on its origin.
 *
 * <p>Event loop only. Pooled with its {@link Exchange}.
 */
final class OriginLeg implements OriginListener {

    private final Exchange exchange;
    private final ArrayDeque<HttpContent> queued = new ArrayDeque<>(4);
    /** The client's small body chunks of one read burst, as one chunk for the origin. */
    private final ChunkCoalescer toOrigin = new ChunkCoalescer(this::writeToOrigin);
    /** The origin's small body chunks of one read burst, as one chunk for an HTTP/1.x client. */
    private final ChunkCoalescer toClient = new ChunkCoalescer(this::writeToClient);
    private OriginPool pool;
    private OriginConnection connection;
    private Channel channel;
    private boolean acquiring;
    private boolean headWritten;
    private boolean requestSent;
    private boolean responseStarted;
    private boolean informational;
    /** An interim head went to an HTTP/1.1 client; its (empty) end must follow it there. */
    private boolean interimRelayed;
    private boolean originKeepAlive;
    private boolean clientCloses;
    private boolean pausedOrigin;
    private boolean tunnel;
    private boolean needsFlush;
    private long bodyBytes;
    private long bodyLimit;
    private long startNanos;
    private long responseHeadNanos;
    /** When the origin last got a byte from us or gave us one; read by the sweep. */
    long lastActivityNanos;
    /** When the client last gave a body chunk (or the leg was bound); read and held by the sweep. */
    long lastClientNanos;
    /** Whether this leg holds one of the loop's {@link UploadSlots}. */
    private boolean holdsUploadSlot;
    /** Links of the loop's list of legs waiting on their origin ({@link ExchangeSweep}). */
    OriginLeg previousWaiting;
    OriginLeg nextWaiting;
    boolean inSweep;

    OriginLeg(Exchange exchange) {
        this.exchange = exchange;
    }

    Exchange exchange() {
        return exchange;
    }

    /**
     * Asks {@code pool} for a connection; the request head (already rewritten for the origin)
     * goes out when one is bound.
     *
     * @param bodyLimit the most body bytes to relay when the length was not declared, or -1
     */
    void start(OriginPool pool, long bodyLimit) {
        this.pool = pool;
        this.bodyLimit = bodyLimit;
        if (bodyStillArriving()) {
            if (!exchange.path.uploads().tryTake()) {
                exchange.path.answers().uploadsBusy(exchange);
                return;
            }
            holdsUploadSlot = true;
        }
        this.acquiring = true;
        this.startNanos = System.nanoTime();
        // waiting for a connection counts as the origin's silence: an exhausted pool answers 504
        // after timeouts.response instead of holding the exchange for as long as the others take
        lastActivityNanos = startNanos;
        lastClientNanos = startNanos;
        exchange.path.sweep().add(this);
        pool.acquire(this, exchange.generation);
    }

    boolean responseStarted() {
        return responseStarted;
    }

    /**
     * Whether the request has a body the client has not finished sending: HTTP/1.x declares one
     * (a length above 0, or chunked); an HTTP/2 head without END_STREAM always brings one.
     */
    private boolean bodyStillArriving() {
        HttpRequest request = exchange.request;
        if (exchange.requestEnded || request instanceof FullHttpRequest) {
            return false;
        }
        return exchange.client.info().http2 || HttpUtil.getContentLength(request, 0L) > 0
                || HttpUtil.isTransferEncodingChunked(request);
    }

    /** Whether the client still owes this (bound) leg body bytes; the sweep's body timeout applies. */
    boolean awaitsClientBody() {
        return !exchange.requestEnded && !requestSent;
    }

    /** When the origin leg started (a connection was asked for); 0 when it never did. */
    long startNanos() {
        return startNanos;
    }

    /** Where the pool the leg asked counts its exchanges; {@code null} when the leg never started. */
    OriginRecorder recorder() {
        return pool == null ? null : pool.recorder();
    }

    /** When the origin's final response head arrived; 0 when none did. */
    long responseHeadNanos() {
        return responseHeadNanos;
    }

    // ---- client to origin

    void requestContent(HttpContent content) {
        lastClientNanos = System.nanoTime();
        if (channel == null) {
            queued.addLast(content); // not connected yet; the codec read it in the same burst as the head
            if (queued.size() > 1) {
                exchange.client.pauseReading(ClientConnection.PAUSED_FOR_ORIGIN);
            }
            return;
        }
        writeBody(content);
    }

    private void writeBody(HttpContent content) {
        if (content instanceof LastHttpContent) {
            requestSent = true;
            giveUploadSlot();
        }
        int bytes = content.content().readableBytes();
        pool.recorder().requestBytes(bytes);
        if (bodyLimit >= 0) {
            bodyBytes += bytes;
            if (bodyBytes > bodyLimit) {
                content.release();
                abort(); // the origin must not take a cut body for a whole one
                exchange.path.answers().tooLarge(exchange);
                return;
            }
        }
        if (content instanceof LastHttpContent) {
            toOrigin.end();
            writeToOrigin(content);
        } else {
            toOrigin.add(content);
        }
        needsFlush = true;
        lastActivityNanos = System.nanoTime();
        if (!channel.isWritable()) {
            exchange.client.pauseReading(ClientConnection.PAUSED_FOR_ORIGIN);
        }
    }

    private void writeToOrigin(HttpContent chunk) {
        channel.write(chunk, channel.voidPromise());
    }

    /** Flushes what the client's last read burst brought for the origin. */
    void flush() {
        if (needsFlush && channel != null) {
            needsFlush = false;
            toOrigin.end();
            channel.flush();
            if (!channel.isWritable()) {
                exchange.client.pauseReading(ClientConnection.PAUSED_FOR_ORIGIN);
            }
        }
    }

    @Override
    public boolean originReady(OriginConnection c, int ticket) {
        if (ticket != exchange.generation || exchange.ended || !acquiring) {
            return false;
        }
        acquiring = false;
        connection = c;
        channel = c.channel();
        headWritten = true;
        HttpObject head = exchange.request;
        if (head instanceof FullHttpRequest) {
            requestSent = true;
        }
        channel.write(head, channel.voidPromise());
        HttpContent content;
        while ((content = queued.pollFirst()) != null && channel != null) {
            writeBody(content);
        }
        if (channel == null) {
            return true; // the body broke a limit and the exchange was answered
        }
        needsFlush = false;
        toOrigin.end();
        channel.flush();
        lastActivityNanos = System.nanoTime();
        lastClientNanos = lastActivityNanos; // the client was paused while no connection was bound
        exchange.path.sweep().add(this);
        exchange.client.resumeReading(ClientConnection.PAUSED_FOR_ORIGIN);
        return true;
    }

    @Override
    public void originUnreachable(Throwable cause, int ticket) {
        if (ticket != exchange.generation || exchange.ended || !acquiring) {
            return;
        }
        acquiring = false;
        exchange.path.sweep().remove(this);
        exchange.path.originFailed(exchange, cause instanceof io.netty.channel.ConnectTimeoutException
                ? OriginFailure.CONNECT_TIMEOUT : OriginFailure.UNREACHABLE);
    }

    @Override
    public void originWritabilityChanged(boolean writable) {
        if (writable) {
            exchange.client.resumeReading(ClientConnection.PAUSED_FOR_ORIGIN);
        } else {
            exchange.client.pauseReading(ClientConnection.PAUSED_FOR_ORIGIN);
        }
    }

    // ---- origin to client

    @Override
    public void originRead(Object message) {
        lastActivityNanos = System.nanoTime();
        if (tunnel) {
            exchange.client.tunnelWrite(message);
            return;
        }
        if (message instanceof HttpResponse response) {
            if (response.decoderResult().isFailure()) {
                ReferenceCountUtil.release(message);
                originBroke();
                return;
            }
            if (!responseHead(response)) {
                return;
            }
        }
        if (message instanceof HttpContent content) {
            pool.recorder().responseBytes(content.content().readableBytes());
            if (informational) {
                if (content instanceof LastHttpContent && interimRelayed) {
                    // ends the interim message in the client's HTTP/1.1 encoder (no bytes: 1xx is
                    // bodyless), which takes no next head before it; HTTP/2 streams get none,
                    // since an empty last content there would end the stream
                    interimRelayed = false;
                    informational = false;
                    exchange.client.write(content);
                    return;
                }
                informational = !(content instanceof LastHttpContent);
                content.release();
                return;
            }
            if (content instanceof LastHttpContent) {
                responseEnd((LastHttpContent) content);
                return;
            }
            if (exchange.client.info().http2) {
                exchange.client.write(content); // the stream's encoder merges the DATA frames queued
            } else {
                toClient.add(content);
            }
            pauseOriginWhileClientIsFull();
        }
    }

    private void writeToClient(HttpContent chunk) {
        exchange.client.write(chunk);
    }

    private void pauseOriginWhileClientIsFull() {
        if (!exchange.client.isWritable() && !pausedOrigin && channel != null) {
            pausedOrigin = true;
            channel.config().setAutoRead(false);
        }
    }

    /** @return whether the message's content part (if any) is still to be relayed */
    private boolean responseHead(HttpResponse response) {
        int code = response.status().code();
        HttpHeaders headers = response.headers();
        if (code == 101 && exchange.webSocket) {
            startTunnel(response);
            return false;
        }
        if (code < 100 || code > 599 || code == 101) {
            // not a status (RFC 9110 15: three digits, 1xx to 5xx), or a switch nobody asked for:
            // the client gets a 502, and a connection that said it is never used again
            ReferenceCountUtil.release(response);
            originBroke();
            return false;
        }
        boolean chunked = HttpUtil.isTransferEncodingChunked(response);
        exchange.path.hopByHop().strip(headers);
        if (code < 200) {
            // 100 Continue, 102 Processing, 103 Early Hints: interim, passed on; the final response
            // follows on this exchange. Never to an HTTP/1.0 client (RFC 9110 15.2), which would take
            // it for the response; HTTP/2 clients get no 100 (the stream says nothing about Expect).
            informational = true;
            if (exchange.view.version() == ProtocolVersion.HTTP_1_0) {
                ReferenceCountUtil.release(response);
            } else if (!exchange.client.info().http2 || code != 100) {
                interimRelayed = !exchange.client.info().http2;
                response.setProtocolVersion(HttpVersion.HTTP_1_1);
                exchange.client.write(response);
                exchange.client.flush();
            } else {
                ReferenceCountUtil.release(response);
            }
            return true;
        }
        responseStarted = true;
        responseHeadNanos = lastActivityNanos;
        exchange.status = code;
        exchange.completion.originSetCookies(headers);
        originKeepAlive = HttpUtil.isKeepAlive(response) || !response.headers().contains(HttpHeaderNames.CONNECTION);
        if (!exchange.client.info().http2) {
            frameForClient(response, code, chunked);
        }
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        exchange.client.write(response);
        return true;
    }

    /** Framing and persistence of the client's HTTP/1.x hop, which may differ from the origin's. */
    private void frameForClient(HttpResponse response, int code, boolean originChunked) {
        HttpHeaders headers = response.headers();
        boolean bodyless = code == 204 || code == 304 || exchange.request.method() == HttpMethod.HEAD;
        boolean http10 = exchange.view.version() == ProtocolVersion.HTTP_1_0;
        clientCloses = exchange.client.closesAfter(exchange);
        if (!bodyless && !headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
            if (http10) {
                clientCloses = true; // an HTTP/1.0 client learns the end of an unsized body by the close
            } else {
                headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            }
        } else if (originChunked && !bodyless) {
            headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        if (clientCloses) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (http10) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }

    private void responseEnd(LastHttpContent last) {
        boolean reusable = originKeepAlive && requestSent;
        boolean closeClient = clientCloses || !exchange.requestEnded;
        detach(reusable);
        toClient.end();
        exchange.client.writeLast(last, closeClient);
        exchange.end();
    }

    @Override
    public void originReadComplete() {
        if (responseStarted || informational || tunnel) {
            toClient.end();
            exchange.client.flush();
            pauseOriginWhileClientIsFull();
        }
    }

    /** The client's socket drained: the origin may send again. */
    void clientWritable() {
        if (pausedOrigin && channel != null) {
            pausedOrigin = false;
            channel.config().setAutoRead(true);
        }
    }

    @Override
    public void originClosed() {
        if (channel == null) {
            return;
        }
        channel = null;
        connection = null;
        exchange.path.sweep().remove(this);
        if (tunnel) {
            exchange.client.close();
            return;
        }
        originBroke();
    }

    /** The origin's connection failed or closed mid-exchange. */
    private void originBroke() {
        abort();
        exchange.path.originFailed(exchange, responseStarted ? OriginFailure.RESET_MID_RESPONSE : OriginFailure.CLOSED);
    }

    /** The origin said nothing for the response timeout (the sweep calls this). */
    void timedOut() {
        abort();
        exchange.path.originFailed(exchange, OriginFailure.TIMEOUT);
    }

    /**
     * The client stopped sending its body for the body timeout (the sweep calls this): the origin
     * connection, which holds half a request, is closed rather than pooled, and the client gets
     * 408 (or, when the response has begun, its connection or stream is reset).
     */
    void clientBodyTimedOut() {
        abort();
        exchange.path.clientBodyTimedOut(exchange);
    }

    // ---- WebSocket and other upgrades

    private void startTunnel(HttpResponse response) {
        tunnel = true;
        responseStarted = true;
        exchange.status = 101;
        exchange.path.sweep().remove(this);
        String upgrade = response.headers().get(HttpHeaderNames.UPGRADE);
        exchange.path.hopByHop().strip(response.headers());
        // the switch itself is hop-by-hop, but it is this hop's answer: say it again
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        if (upgrade != null) {
            response.headers().set(HttpHeaderNames.UPGRADE, upgrade);
        }
        connection.pool().detachForTunnel(connection);
        exchange.client.startTunnel(response);
    }

    /** Client bytes for the origin of a spliced connection. */
    void tunnelWrite(ByteBuf bytes) {
        if (channel == null) {
            bytes.release();
            return;
        }
        channel.writeAndFlush(bytes, channel.voidPromise());
    }

    // ---- ending

    /**
     * Drops the exchange's claim on the origin side without a clean end: a waiting acquisition
     * is withdrawn, a bound connection is closed (the origin must not act on half a request), and
     * queued and coalescing body chunks are released.
     */
    void abort() {
        giveUploadSlot();
        if (acquiring) {
            acquiring = false;
            pool.cancel(this);
            exchange.path.sweep().remove(this);
        }
        if (channel != null) {
            Channel c = channel;
            detach(false);
            if (tunnel) {
                c.close();
            }
        }
        releaseUnsent();
    }

    private void detach(boolean reusable) {
        giveUploadSlot();
        exchange.path.sweep().remove(this);
        OriginConnection c = connection;
        Channel ch = channel;
        connection = null;
        channel = null;
        if (c == null) {
            return;
        }
        if (pausedOrigin) {
            pausedOrigin = false;
            ch.config().setAutoRead(true);
        }
        if (!tunnel) {
            c.pool().release(c, reusable, System.nanoTime());
        }
    }

    private void giveUploadSlot() {
        if (holdsUploadSlot) {
            holdsUploadSlot = false;
            exchange.path.uploads().give();
        }
    }

    private void releaseUnsent() {
        toOrigin.discard();
        toClient.discard();
        HttpContent content;
        while ((content = queued.pollFirst()) != null) {
            content.release();
        }
    }

    /** Whether the request head has been handed to the origin (it then owns a full request's body). */
    boolean headWritten() {
        return headWritten;
    }

    void reset() {
        giveUploadSlot();
        releaseUnsent();
        pool = null;
        connection = null;
        channel = null;
        acquiring = false;
        headWritten = false;
        requestSent = false;
        responseStarted = false;
        informational = false;
        interimRelayed = false;
        originKeepAlive = false;
        clientCloses = false;
        pausedOrigin = false;
        tunnel = false;
        needsFlush = false;
        bodyBytes = 0;
        bodyLimit = -1;
        startNanos = 0;
        responseHeadNanos = 0;
        lastClientNanos = 0;
    }
}

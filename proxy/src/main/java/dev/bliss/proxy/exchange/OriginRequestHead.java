package dev.bliss.proxy.exchange;

import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.HopByHopHeaders;
import dev.bliss.proxy.pipeline.DetectorChain;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.util.function.Supplier;

/**
 * The forward stage: turns the client's request head, in place, into the head the origin gets.
 * The codec's header block is reused, not copied:
 *
 * <ol>
 *   <li>one pass drops the hop-by-hop headers and those the client's Connection names (before
 *       detectors add theirs, so a client cannot name a detector header away);</li>
 *   <li>framing for the origin's hop: chunked when the client's body was (HTTP/2 bodies of
 *       unknown length are converted to chunked by the stream codec), the upgrade for WebSocket;</li>
 *   <li>X-Forwarded-For/-Proto/-Host, then the detectors' headers, then the request id (which
 *       replaces a client's own: the origin sees the id the logs have); HTTP/1.1 towards the origin.</li>
 * </ol>
 *
 * <p>One per event loop. Allocates nothing unless a trusted proxy's X-Forwarded-For is appended to.
 */
final class OriginRequestHead {

    private final Supplier<ForwardedHeaders> forwarded;
    private final DetectorChain chain;
    private final AsciiString requestIdHeader;
    private final NettyOriginHeaders originHeaders = new NettyOriginHeaders();
    private final HopByHopHeaders hopByHop;

    OriginRequestHead(HopByHopHeaders hopByHop, Supplier<ForwardedHeaders> forwarded, DetectorChain chain, AsciiString requestIdHeader) {
        this.hopByHop = hopByHop;
        this.forwarded = forwarded;
        this.chain = chain;
        this.requestIdHeader = requestIdHeader;
    }

    void prepare(Exchange e) {
        HttpRequest request = e.request;
        HttpHeaders headers = request.headers();
        boolean chunked = !(request instanceof FullHttpRequest) && HttpUtil.isTransferEncodingChunked(request);
        String upgrade = e.webSocket ? headers.get(HttpHeaderNames.UPGRADE) : null;
        hopByHop.strip(headers);
        if (chunked) {
            headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        if (upgrade != null) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
            headers.set(HttpHeaderNames.UPGRADE, upgrade);
        }
        CharSequence host = e.view.host();
        ClientConnectionInfo connection = e.client.info();
        forwarded.get().apply(headers, e.view.fromTrustedProxy(), connection.peerText, connection.tls, host);
        if (host == null) {
            headers.set(HttpHeaderNames.HOST, e.chosenOrigin.address().host() + ":" + e.chosenOrigin.address().port());
        }
        chain.forward(e.view, e.fields, originHeaders.wrap(headers));
        headers.set(requestIdHeader, e.view.requestId());
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
    }
}

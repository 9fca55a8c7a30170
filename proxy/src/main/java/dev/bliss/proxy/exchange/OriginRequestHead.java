package dev.bliss.proxy.exchange;

import dev.bliss.proxy.config.RequestOptions;
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
 *   <li>the target in origin form: the normalised path unless {@code requests.origin_path: raw};
 *       an {@code Expect: 100-continue} is taken off (bliss answers it);</li>
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
    private final boolean rawPath;

    OriginRequestHead(HopByHopHeaders hopByHop, Supplier<ForwardedHeaders> forwarded, DetectorChain chain, AsciiString requestIdHeader,
                      RequestOptions.OriginPath originPath) {
        this.hopByHop = hopByHop;
        this.rawPath = originPath == RequestOptions.OriginPath.RAW;
        this.forwarded = forwarded;
        this.chain = chain;
        this.requestIdHeader = requestIdHeader;
    }

    /** @return whether the client waits for a 100 Continue before it sends the body */
    boolean prepare(Exchange e) {
        HttpRequest request = e.request;
        HttpHeaders headers = request.headers();
        // origin-form, the normalised path by default; the same string (no copy) when nothing changed
        RequestTarget target = e.view.target();
        String uri = rawPath ? target.rawForm() : target.normalForm();
        if (uri != null && uri != request.uri()) {
            request.setUri(uri);
        }
        boolean expectsContinue = false;
        if (headers.contains(HttpHeaderNames.EXPECT)) {
            // bliss answers the expectation itself, once the request is sure to be forwarded
            expectsContinue = !e.requestEnded && request.protocolVersion() != HttpVersion.HTTP_1_0
                    && headers.containsValue(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE, true);
            headers.remove(HttpHeaderNames.EXPECT);
        }
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
        return expectsContinue;
    }
}

package dev.bliss.proxy.listener;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The HTTP/1.x codec of a client connection: Netty's request decoder and response encoder, made
 * strict where Netty's own {@code HttpServerCodec} repairs a head instead of refusing it. Two
 * repairs erase what a proxy must see, since the origin behind it may read the same bytes the
 * other way (request smuggling):
 *
 * <ul>
 *   <li><b>Transfer-Encoding with Content-Length</b> over HTTP/1.1: Netty drops the
 *       Content-Length and reads the chunked body; here the head is refused (RFC 9112 §6.1
 *       allows either; refusing is what nginx does, and leaves no doubt downstream);</li>
 *   <li><b>obs-fold</b> (a header line starting with a space or tab, RFC 9112 §5.2): Netty joins
 *       it to the line before; here it is refused, as is whitespace before the first header
 *       (§2.2).</li>
 * </ul>
 *
 * A refused head reaches the next handler as a request whose decoder result is a failure (the
 * client gets 400 and the connection closes); the rest of the connection's bytes are dropped.
 * Every other check on the decoded head is {@code exchange.RequestHeadCheck}'s.
 *
 * <p>Obs-fold is found by scanning each head's bytes once, as they arrive and before Netty
 * parses them (lines are not kept: a state per connection and a count of bytes already seen).
 * The encoder side knows, as {@code HttpServerCodec} does, which responses answer HEAD (no body
 * whatever the Content-Length says).
 *
 * <p>One per connection.
 */
public final class Http1ServerCodec extends CombinedChannelDuplexHandler<HttpRequestDecoder, HttpResponseEncoder>
        implements HttpServerUpgradeHandler.SourceCodec {

    /** Methods of the requests whose responses have not been encoded yet (HEAD's have no body). */
    private final ArrayDeque<HttpMethod> methods = new ArrayDeque<>(2);

    public Http1ServerCodec(HttpDecoderConfig config) {
        init(new StrictDecoder(config), new Encoder());
    }

    @Override
    public void upgradeFrom(ChannelHandlerContext ctx) {
        ctx.pipeline().remove(this);
    }

    // head scanner states
    private static final int BEFORE_HEAD = 0;
    private static final int REQUEST_LINE = 1;
    private static final int LINE_START = 2;
    private static final int HEADER_LINE = 3;
    private static final int BLANK_CR = 4;
    /** The head's blank line was seen: nothing more to scan until the message ends. */
    private static final int HEAD_SEEN = 5;
    private static final int FOLDED = 6;
    private static final int BROKEN = 7;

    private final class StrictDecoder extends HttpRequestDecoder {

        private int state = BEFORE_HEAD;
        /** Bytes at the front of the input already scanned (not yet consumed by the decoder). */
        private int scanned;

        StrictDecoder(HttpDecoderConfig config) {
            super(config);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
            if (state == BROKEN) {
                in.skipBytes(in.readableBytes());
                return;
            }
            if (state < HEAD_SEEN) {
                int end = scan(in, in.readerIndex() + scanned, in.writerIndex());
                if (state == FOLDED) {
                    refuse(in, out, "obs-fold (a header line starting with whitespace) is not accepted");
                    return;
                }
                scanned = end - in.readerIndex();
            }
            int before = out.size();
            super.decode(ctx, in, out);
            for (int i = before, n = out.size(); i < n; i++) {
                Object o = out.get(i);
                if (o instanceof HttpRequest request) {
                    methods.addLast(request.method());
                    if (request.decoderResult().isFailure()) {
                        state = BROKEN;
                        return;
                    }
                }
                if (o instanceof LastHttpContent) {
                    state = BEFORE_HEAD; // the next bytes are the next request's head
                    scanned = 0;
                } else if (o instanceof HttpRequest) {
                    state = HEAD_SEEN;
                    scanned = 0;
                }
            }
        }

        @Override
        protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
            throw new IllegalArgumentException("Transfer-Encoding and Content-Length in one request");
        }

        /** Scans {@code [from, to)} of a head; returns where it stopped. */
        private int scan(ByteBuf in, int from, int to) {
            int s = state;
            int i = from;
            for (; i < to && s < HEAD_SEEN; i++) {
                byte b = in.getByte(i);
                switch (s) {
                    case BEFORE_HEAD -> s = ((b & 0xFF) <= ' ' || b == 0x7F) ? BEFORE_HEAD : REQUEST_LINE; // Netty skips these too
                    case REQUEST_LINE, HEADER_LINE -> s = b == '\n' ? LINE_START : s;
                    case LINE_START -> s = switch (b) {
                        case ' ', '\t' -> FOLDED;
                        case '\r' -> BLANK_CR;
                        case '\n' -> HEAD_SEEN;
                        default -> HEADER_LINE;
                    };
                    case BLANK_CR -> s = b == '\n' ? HEAD_SEEN : HEADER_LINE;
                    default -> { }
                }
            }
            state = s;
            return i;
        }

        private void refuse(ByteBuf in, List<Object> out, String why) {
            in.skipBytes(in.readableBytes());
            state = BROKEN;
            HttpMessage invalid = createInvalidMessage();
            invalid.setDecoderResult(DecoderResult.failure(new IllegalArgumentException(why)));
            methods.addLast(HttpMethod.GET);
            out.add(invalid);
        }
    }

    private final class Encoder extends HttpResponseEncoder {

        @Override
        protected boolean isContentAlwaysEmpty(HttpResponse msg) {
            if (msg.status().codeClass() == HttpStatusClass.INFORMATIONAL && msg.status().code() != 101) {
                return super.isContentAlwaysEmpty(msg); // an interim response: the final one still answers the request
            }
            HttpMethod method = methods.pollFirst();
            return HttpMethod.HEAD.equals(method) || super.isContentAlwaysEmpty(msg);
        }
    }
}

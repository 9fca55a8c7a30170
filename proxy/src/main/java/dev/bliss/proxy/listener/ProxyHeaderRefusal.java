package dev.bliss.proxy.listener;

import dev.bliss.proxy.metrics.ClientConnectionMeters;
import dev.bliss.proxy.metrics.LoopCounters;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * On a PROXY-protocol listener, the guard for connections from peers that are not trusted
 * proxies: they are served as direct clients (their TCP address is theirs), but one that opens
 * with a PROXY header, claiming to speak for someone else, is closed and counted. The first bytes
 * are compared with both signatures (v1's {@code "PROXY "}, v2's 12 bytes) only as far as needed:
 * an HTTP method or a TLS record differs within the first three, and the handler leaves at once,
 * handing those bytes on.
 *
 * <p>One per connection; its event loop only.
 */
final class ProxyHeaderRefusal extends ByteToMessageDecoder {

    private static final byte[] V1 = "PROXY ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] V2 = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

    private final LoopCounters counters;

    ProxyHeaderRefusal(LoopCounters counters) {
        this.counters = counters;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int seen = in.readableBytes();
        int v1 = matched(in, V1);
        int v2 = matched(in, V2);
        if (v1 == V1.length || v2 == V2.length) {
            counters.add(ClientConnectionMeters.PROXY_PROTOCOL_UNTRUSTED, 1);
            in.skipBytes(seen);
            ctx.close();
        } else if (v1 < Math.min(seen, V1.length) && v2 < Math.min(seen, V2.length)) {
            ctx.pipeline().remove(this); // not a PROXY header: what was read goes on to TLS / HTTP
        }
        // else a prefix of a signature so far: wait for more
    }

    /** How many leading bytes of {@code in} agree with {@code signature}. */
    private static int matched(ByteBuf in, byte[] signature) {
        int n = Math.min(in.readableBytes(), signature.length);
        int start = in.readerIndex();
        for (int i = 0; i < n; i++) {
            if (in.getByte(start + i) != signature[i]) {
                return i;
            }
        }
        return n;
    }
}

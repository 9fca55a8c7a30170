package dev.bliss.proxy.exchange;

import dev.bliss.proxy.forward.ForwardedHeaders;
import dev.bliss.proxy.forward.RequestIdBuffer;
import dev.bliss.proxy.forward.RequestIds;
import io.netty.util.AsciiString;
import java.util.function.Supplier;

/**
 * The first stage: who the client is and which id the request carries. The client address is the
 * TCP peer, or what a trusted proxy in front reports in X-Forwarded-For; the request id is a
 * trusted proxy's when it is sane, else one made on this loop without allocating.
 *
 * <p>One per event loop.
 */
final class ClientIdentity {

    private final Supplier<ForwardedHeaders> forwarded;
    private final AsciiString requestIdHeader;
    private final RequestIds.Generator ids;

    /** @param forwarded the trusted-proxy policy in force (a reload may replace it) */
    ClientIdentity(Supplier<ForwardedHeaders> forwarded, RequestIds requestIds) {
        this.forwarded = forwarded;
        this.requestIdHeader = AsciiString.cached(requestIds.header());
        this.ids = requestIds.newGenerator();
    }

    AsciiString requestIdHeader() {
        return requestIdHeader;
    }

    /** An id of its own for an answer that has no exchange (a head the codec refused); allocates. */
    CharSequence freshId() {
        return ids.next(new RequestIdBuffer()).toString();
    }

    void resolve(Exchange e) {
        NettyRequestView view = e.view;
        ClientConnectionInfo connection = e.client.info();
        boolean trusted = forwarded.get().resolveClient(connection.peer, e.request.headers(), view.client(), e.scratch);
        view.trustedPeer(trusted);
        String sent = trusted ? e.request.headers().get(requestIdHeader) : null;
        view.requestId(sent != null && RequestIds.acceptable(sent) ? sent : ids.next(e.madeId));
    }
}

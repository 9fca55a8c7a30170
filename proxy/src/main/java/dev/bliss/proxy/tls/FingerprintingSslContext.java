package dev.bliss.proxy.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLEngine;

/**
 * A server SslContext that makes {@link CapturingSslHandler}s over the engines of the context it
 * wraps; engines, ALPN negotiation, sessions and ciphers are all the wrapped context's.
 *
 * <p>Only the handler factories that take a delegated-task executor are overridden (the
 * variants without one are final in {@link DelegatingSslContext}); those are the ones Vert.x 5
 * ({@code SslChannelProvider}) and Netty's SniHandler call. The handler is built with the public
 * SslHandler constructor, so it has no {@code ResumptionController}: that one only validates
 * resumed sessions against client-certificate trust managers, which bliss listeners do not use.
 */
final class FingerprintingSslContext extends DelegatingSslContext {

    FingerprintingSslContext(SslContext server) {
        super(server);
    }

    @Override
    protected void initEngine(SSLEngine engine) {
        // engines are the wrapped context's, already configured; Vert.x's own wrapper configures protocols
    }

    @Override
    protected SslHandler newHandler(ByteBufAllocator alloc, boolean startTls, Executor executor) {
        return new CapturingSslHandler(newEngine(alloc), startTls, executor);
    }

    @Override
    protected SslHandler newHandler(ByteBufAllocator alloc, String peerHost, int peerPort, boolean startTls,
                                    Executor executor) {
        return new CapturingSslHandler(newEngine(alloc, peerHost, peerPort), startTls, executor);
    }
}

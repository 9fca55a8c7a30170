package dev.bliss.proxy.tls;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLEngine;

/**
 * Netty's {@link SslHandler}, unchanged, except that when it is added to a pipeline it puts a
 * {@link ClientHelloCapture} directly in front of itself. This is how the capture gets into
 * pipelines that Vert.x builds: Vert.x adds whatever handler the server's SslContext makes
 * ({@link FingerprintingSslContext}), and nothing else of ours runs before TLS.
 *
 * <p>One per connection, like any SslHandler.
 */
final class CapturingSslHandler extends SslHandler {

    CapturingSslHandler(SSLEngine engine, boolean startTls, Executor delegatedTaskExecutor) {
        super(engine, startTls, delegatedTaskExecutor);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        if (ctx.pipeline().get(ClientHelloCapture.class) == null) {
            ctx.pipeline().addBefore(ctx.name(), "clientHelloCapture", new ClientHelloCapture());
        }
        super.handlerAdded(ctx);
    }
}

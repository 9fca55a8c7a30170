package dev.bliss.proxy.internal;

import dev.bliss.proxy.exchange.RequestPath;
import dev.bliss.proxy.exchange.SlowClientLimits;
import dev.bliss.proxy.origin.OriginPool;
import io.netty.channel.EventLoop;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.internal.ContextInternal;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One instance per event loop: it owns its loop's {@link RequestPath}, and with it the loop's
 * origin connection pools, detectors and firewall evaluator. The listeners (bound once, by
 * {@link RunningProxy}) hand each accepted connection to the path of the loop Netty assigned it.
 */
final class ProxyVerticle extends VerticleBase {

    private static final long ORIGIN_KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final ProxyShared shared;
    private final Map<EventLoop, RequestPath> paths;
    private RequestPath path;

    ProxyVerticle(ProxyShared shared, Map<EventLoop, RequestPath> paths) {
        this.shared = shared;
        this.paths = paths;
    }

    @Override
    public Future<?> start() {
        EventLoop loop = ((ContextInternal) context).nettyEventLoop();
        long connectMillis = shared.options().timeouts().connect().toMillis();
        int maxResponseHead = Math.max(8192, shared.options().limits().maxHeaderSize() * 2);
        path = new RequestPath(loop, shared.pipeline(), shared.rules(), shared::routes, shared::forwarded,
                shared.requestIds(), shared.metrics(), shared.accessLog(), shared.options().limits().maxBodySize(),
                shared.options().timeouts().response().toNanos(),
                (origin, group) -> new OriginPool(loop, origin.address(), shared.originChannels(),
                        group.poolSize(), connectMillis, ORIGIN_KEEP_ALIVE_NANOS, maxResponseHead,
                        origin.address().tls() ? shared.originTls() : null,
                        shared.metrics().origins().newRecorder(group.name(), origin.address().toString())),
                shared.challenge().newGate(shared.pipeline().scheme()),
                SlowClientLimits.of(shared.options().timeouts(), shared.options().limits()),
                shared.options().requests());
        if (paths.putIfAbsent(loop, path) != null) {
            return Future.failedFuture("two proxy verticles on one event loop: " + loop);
        }
        return Future.succeededFuture();
    }

    RequestPath path() {
        return path;
    }
}

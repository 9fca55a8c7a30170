package dev.bliss.proxy.internal;

import dev.bliss.proxy.config.TransportChoice;
import io.vertx.core.transport.Transport;
import java.lang.System.Logger.Level;

/**
 * Picks the network transport: the one configured, or for {@code auto} io_uring, then epoll, then
 * NIO. A transport the kernel or container refuses (seccomp, io_uring_disabled) falls back to the
 * next one; the refusal is logged once, with its cause.
 */
final class TransportSelection {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy");

    private TransportSelection() {
    }

    static Transport choose(TransportChoice choice) {
        return switch (choice) {
            case NIO -> Transport.NIO;
            case EPOLL -> firstAvailable(Transport.EPOLL, Transport.NIO);
            case IO_URING -> firstAvailable(Transport.IO_URING, Transport.EPOLL, Transport.NIO);
            case AUTO -> firstAvailable(Transport.IO_URING, Transport.EPOLL, Transport.NIO);
        };
    }

    private static Transport firstAvailable(Transport... candidates) {
        for (Transport t : candidates) {
            if (t == Transport.NIO || t.available()) {
                return t;
            }
            Throwable cause = t.unavailabilityCause();
            LOG.log(Level.INFO, "transport " + t.name() + " unavailable (" + (cause == null ? "unknown" : cause.toString()) + "), trying the next");
        }
        return Transport.NIO;
    }
}

package dev.bliss.proxy.config;

/**
 * Which network transport the event loops use. {@code AUTO} picks io_uring, then epoll, then NIO,
 * whichever the kernel and container allow first; the choice and any refusal are logged.
 */
public enum TransportChoice {
    AUTO, IO_URING, EPOLL, NIO
}

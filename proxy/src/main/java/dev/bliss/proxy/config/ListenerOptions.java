package dev.bliss.proxy.config;

/**
 * One client-facing listener.
 *
 * @param host the address to bind
 * @param port the port; 0 picks a free one (tests)
 * @param tls  TLS termination, or {@code null} for plain HTTP (HTTP/1.1 and h2c)
 */
public record ListenerOptions(String host, int port, TlsOptions tls) {
}

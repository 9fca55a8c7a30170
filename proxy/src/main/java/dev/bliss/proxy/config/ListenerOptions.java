package dev.bliss.proxy.config;

/**
 * One client-facing listener.
 *
 * @param host          the address to bind
 * @param port          the port; 0 picks a free one (tests)
 * @param tls           TLS termination, or {@code null} for plain HTTP (HTTP/1.1 and h2c)
 * @param proxyProtocol whether connections from trusted proxies start with a PROXY header (whose
 *                      source address then is the client's); a header from any other peer closes
 *                      the connection
 */
public record ListenerOptions(String host, int port, TlsOptions tls, ProxyProtocol proxyProtocol) {

    public ListenerOptions {
        proxyProtocol = proxyProtocol == null ? ProxyProtocol.OFF : proxyProtocol;
    }

    /** Without the PROXY protocol. */
    public ListenerOptions(String host, int port, TlsOptions tls) {
        this(host, port, tls, ProxyProtocol.OFF);
    }
}

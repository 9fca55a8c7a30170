/**
 * JMH benchmark of the proxy's TLS fingerprinting ({@code dev.bliss.proxy.tls}): ClientHello
 * capture, parse, JA3 and JA4 per new connection. See proxy/README.md ("TLS fingerprints") for
 * the command and the latest figures.
 */
package dev.bliss.bench.tls;

/**
 * TLS client fingerprints: JA3 and JA4 from each TLS connection's ClientHello, computed once per
 * connection and read by every request on it.
 *
 * <pre>
 *  bytes ─► ClientHelloCapture ─► ssl (CapturingSslHandler) ─► Vert.x HTTP/1.1 or h2
 *             │ ClientHelloAssembler: records ─► one handshake message (any split, ≤ 16 KiB)
 *             │ TlsFingerprinter (per event loop): ClientHelloParser ─► Ja3, Ja4
 *             └► channel attribute TlsFingerprint ◄── TlsFingerprints.of(request.connection())
 * </pre>
 *
 * <h2>How the capture gets in front of TLS, and why this way</h2>
 * Vert.x 5.0.7 builds the TLS pipeline itself ({@code NetServerImpl}: {@code pipeline.addLast("ssl",
 * SslChannelProvider.createServerHandler(...))}) and offers no hook that runs before it for an
 * HTTP server. What it does offer is the public engine SPI: {@code SSLEngineOptions.sslContextFactory()}.
 * {@link dev.bliss.proxy.tls.FingerprintingSslEngineOptions} keeps the JDK engine but wraps the server
 * SslContext, whose {@code newHandler} returns a {@link dev.bliss.proxy.tls.CapturingSslHandler}: Netty's
 * SslHandler, which on {@code handlerAdded} inserts a {@link dev.bliss.proxy.tls.ClientHelloCapture}
 * just before itself. So the capture is an ordinary Netty handler that sees the raw bytes first, and
 * Netty's SslHandler, the JDK engine and ALPN (h2 / http/1.1) run exactly as before.
 *
 * <p>Alternatives rejected: wrapping the {@code SSLEngine} to see the first {@code unwrap} (Netty
 * reads the negotiated ALPN protocol through a package-private interface of its own engine wrapper,
 * so a foreign wrapper breaks h2, and unwrap sees whatever record split the SslHandler chose);
 * keeping the result in the {@code SSLSession} (a resumed TLS 1.2 session is the same object on a new
 * connection, whose ClientHello may differ, and {@code getValue} allocates); a custom transport or
 * server channel factory (much more surface for the same effect). Vert.x internals are used in one
 * place only, {@link dev.bliss.proxy.tls.TlsFingerprints#of}, to reach the channel from a request.
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li>Every connection accepted on a TLS listener with capture has a fingerprint before its first
 *       request; a first flight that is not a well-formed ClientHello of at most 16 KiB closes that
 *       connection (a {@code decode_error} alert if it was TLS) and nothing else.</li>
 *   <li>Per connection: a 4-byte buffer until the ClientHello's length is known, then one array of
 *       that length, and the {@link dev.bliss.proxy.tls.TlsFingerprint} (four strings). Per request:
 *       a channel-attribute lookup, no allocation.</li>
 *   <li>The first ClientHello counts; a second one after a HelloRetryRequest is not read.</li>
 * </ul>
 *
 * <p>Specifications (written from, no code copied): Salesforce's JA3 README; FoxIO's JA4.md (JA4
 * TLS client only, BSD 3-Clause; JA4H and the other JA4+ methods are under the FoxIO License and
 * are not implemented here).
 */
package dev.bliss.proxy.tls;

/**
 * TLS client fingerprints: JA3 and JA4 from each TLS connection's ClientHello, computed once per
 * connection and read by every request on it.
 *
 * <pre>
 *  bytes ─► ClientHelloCapture ─► ssl (SslHandler) ─► ALPN ─► HTTP/1.1 or h2
 *             │ ClientHelloAssembler: records ─► one handshake message (any split, ≤ 16 KiB)
 *             │ TlsFingerprinter (per event loop): ClientHelloParser ─► Ja3, Ja4
 *             └► channel attribute TlsFingerprint ◄── TlsFingerprints.of(connection channel)
 * </pre>
 *
 * <h2>How the capture gets in front of TLS</h2>
 * The listener pipeline is bliss's own (Netty handlers on Vert.x's event loops), so the capture is
 * simply the first handler of a TLS connection, directly in front of Netty's SslHandler: it sees
 * the raw bytes first and forwards every buffer unchanged, and the JDK engine and ALPN (h2 /
 * http/1.1) run as usual behind it. The fingerprint is a channel attribute of the TCP connection;
 * HTTP/2 streams read it from their parent channel.
 *
 * <p>Rejected: keeping the result in the {@code SSLSession} (a resumed TLS 1.2 session is the same
 * object on a new connection, whose ClientHello may differ, and {@code getValue} allocates), and
 * wrapping the {@code SSLEngine} to see the first {@code unwrap} (Netty reads the negotiated ALPN
 * protocol through its own engine wrapper, so a foreign wrapper breaks h2).
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

package dev.bliss.proxy.tls;

/**
 * Where the reading of a connection's first handshake message stands. Everything other than
 * {@link #NEED_MORE} and {@link #COMPLETE} refuses the connection.
 */
public enum ClientHelloStatus {
    /** The bytes so far are a valid prefix; the message is not whole yet. */
    NEED_MORE,
    /** One whole, well-formed ClientHello. */
    COMPLETE,
    /** The first byte is not a TLS handshake record (plain HTTP on the TLS port, SSLv2, noise). */
    NOT_TLS,
    /** TLS records, but not a ClientHello that parses: bad lengths, wrong types, other records between. */
    MALFORMED,
    /** A ClientHello longer than {@link ClientHelloAssembler#MAX_MESSAGE_LENGTH}. */
    TOO_LARGE
}

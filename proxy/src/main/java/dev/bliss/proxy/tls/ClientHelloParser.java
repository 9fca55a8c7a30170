package dev.bliss.proxy.tls;

/**
 * Checks the structure of a ClientHello body and records where the fingerprinted parts are
 * (RFC 8446 4.1.2; the same layout back to TLS 1.0). Every length is checked against its
 * container, for the extensions it reads as for the body; anything inconsistent is
 * {@link ClientHelloStatus#MALFORMED}. Contents it does not need (random, session id, key
 * shares, the SNI host name) are skipped, not judged: that is the TLS engine's job.
 *
 * <p>Stateless; allocation-free unless a ClientHello has more extensions than any before it on
 * this {@link ClientHello}.
 */
public final class ClientHelloParser {

    static final int SERVER_NAME = 0x0000;
    static final int SUPPORTED_GROUPS = 0x000a;
    static final int EC_POINT_FORMATS = 0x000b;
    static final int SIGNATURE_ALGORITHMS = 0x000d;
    static final int ALPN = 0x0010;
    static final int SUPPORTED_VERSIONS = 0x002b;

    private static final int RANDOM_LENGTH = 32;
    private static final int MAX_SESSION_ID_LENGTH = 32;

    private ClientHelloParser() {
    }

    /** Parses {@code length} body bytes at {@code offset} of {@code bytes} into {@code into}. */
    public static ClientHelloStatus parse(byte[] bytes, int offset, int length, ClientHello into) {
        into.reset(bytes);
        int end = offset + length;
        int p = offset;
        if (end - p < 2 + RANDOM_LENGTH + 1) {
            return ClientHelloStatus.MALFORMED;
        }
        into.legacyVersion = u16(bytes, p);
        p += 2 + RANDOM_LENGTH;
        int sessionId = bytes[p] & 0xff;
        p += 1 + sessionId;
        if (sessionId > MAX_SESSION_ID_LENGTH || end - p < 2) {
            return ClientHelloStatus.MALFORMED;
        }
        int ciphers = u16(bytes, p);
        p += 2;
        if (ciphers == 0 || (ciphers & 1) != 0 || end - p < ciphers + 1) {
            return ClientHelloStatus.MALFORMED;
        }
        into.cipherOffset = p;
        into.cipherCount = ciphers / 2;
        p += ciphers;
        int compression = bytes[p] & 0xff;
        p += 1 + compression;
        if (compression == 0 || p > end) {
            return ClientHelloStatus.MALFORMED;
        }
        if (p == end) {
            return ClientHelloStatus.COMPLETE; // no extensions block: SSL 3.0 style, still valid
        }
        if (end - p < 2 || u16(bytes, p) != end - p - 2) {
            return ClientHelloStatus.MALFORMED;
        }
        p += 2;
        while (p < end) {
            if (end - p < 4) {
                return ClientHelloStatus.MALFORMED;
            }
            int type = u16(bytes, p);
            int dataLength = u16(bytes, p + 2);
            p += 4;
            if (end - p < dataLength) {
                return ClientHelloStatus.MALFORMED;
            }
            into.addExtension(type);
            if (!readExtension(type, bytes, p, dataLength, into)) {
                return ClientHelloStatus.MALFORMED;
            }
            p += dataLength;
        }
        return ClientHelloStatus.COMPLETE;
    }

    /** Records the extensions the fingerprints read; the first of duplicates wins. */
    private static boolean readExtension(int type, byte[] b, int p, int length, ClientHello into) {
        switch (type) {
            case SERVER_NAME -> into.serverName = true;
            case SUPPORTED_GROUPS -> {
                if (!u16List(b, p, length)) {
                    return false;
                }
                if (into.groupsOffset == ClientHello.ABSENT) {
                    into.groupsOffset = p + 2;
                    into.groupsCount = (length - 2) / 2;
                }
            }
            case SIGNATURE_ALGORITHMS -> {
                if (!u16List(b, p, length)) {
                    return false;
                }
                if (into.signatureAlgorithmsOffset == ClientHello.ABSENT) {
                    into.signatureAlgorithmsOffset = p + 2;
                    into.signatureAlgorithmsCount = (length - 2) / 2;
                }
            }
            case EC_POINT_FORMATS -> {
                if (length < 1 || (b[p] & 0xff) != length - 1) {
                    return false;
                }
                if (into.pointFormatsOffset == ClientHello.ABSENT) {
                    into.pointFormatsOffset = p + 1;
                    into.pointFormatsCount = length - 1;
                }
            }
            case SUPPORTED_VERSIONS -> {
                if (length < 1 || (b[p] & 0xff) != length - 1 || ((length - 1) & 1) != 0) {
                    return false;
                }
                if (into.supportedVersionsOffset == ClientHello.ABSENT) {
                    into.supportedVersionsOffset = p + 1;
                    into.supportedVersionsCount = (length - 1) / 2;
                }
            }
            case ALPN -> {
                return readAlpn(b, p, length, into);
            }
            default -> {
                // not fingerprinted beyond its type
            }
        }
        return true;
    }

    /** A 2-byte length, then that many bytes of 16-bit values, filling the extension exactly. */
    private static boolean u16List(byte[] b, int p, int length) {
        return length >= 2 && u16(b, p) == length - 2 && (length & 1) == 0;
    }

    /** A 2-byte list length, then 1-byte-length names filling it exactly. */
    private static boolean readAlpn(byte[] b, int p, int length, ClientHello into) {
        if (length < 2 || u16(b, p) != length - 2) {
            return false;
        }
        int end = p + length;
        int q = p + 2;
        int firstOffset = ClientHello.ABSENT;
        int firstLength = 0;
        while (q < end) {
            int n = b[q] & 0xff;
            if (end - q - 1 < n) {
                return false;
            }
            if (firstOffset == ClientHello.ABSENT) {
                firstOffset = q + 1;
                firstLength = n;
            }
            q += 1 + n;
        }
        if (into.alpnOffset == ClientHello.ABSENT && firstOffset != ClientHello.ABSENT) {
            into.alpnOffset = firstOffset;
            into.alpnLength = firstLength;
        }
        return true;
    }

    private static int u16(byte[] b, int p) {
        return (b[p] & 0xff) << 8 | b[p + 1] & 0xff;
    }
}

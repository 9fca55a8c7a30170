package dev.bliss.proxy.tls;

import java.util.Arrays;

/**
 * The parts of one ClientHello that the fingerprints use, as offsets into the message bytes the
 * parser was given: a flyweight, filled by {@link ClientHelloParser#parse} and valid while those
 * bytes are. Values are unsigned 16-bit (8-bit for point formats) and include GREASE values; the
 * fingerprints drop those themselves.
 *
 * <pre>
 *  body:  legacy_version(2) random(32) session_id(1+n) cipher_suites(2+2n) compression(1+n)
 *         [ extensions(2+n): { type(2) length(2) data(length) } ... ]
 * </pre>
 *
 * <p>Reused: one per event loop (inside {@link TlsFingerprinter}); its extension arrays grow to
 * the largest ClientHello seen, at most {@code MAX_MESSAGE_LENGTH / 4} entries.
 */
public final class ClientHello {

    /** Whether {@code value} is one of the 16 GREASE values of RFC 8701: 0x0A0A, 0x1A1A, … 0xFAFA. */
    public static boolean isGrease(int value) {
        return (value & 0x0f0f) == 0x0a0a && (value >>> 8) == (value & 0xff);
    }

    static final int ABSENT = -1;

    byte[] bytes;
    int legacyVersion;
    int cipherOffset;
    int cipherCount;
    int extensionCount;
    int[] extensionTypes = new int[32];
    boolean serverName;
    int groupsOffset;
    int groupsCount;
    int pointFormatsOffset;
    int pointFormatsCount;
    int signatureAlgorithmsOffset;
    int signatureAlgorithmsCount;
    int supportedVersionsOffset;
    int supportedVersionsCount;
    int alpnOffset;
    int alpnLength;

    void reset(byte[] bytes) {
        this.bytes = bytes;
        legacyVersion = 0;
        cipherOffset = 0;
        cipherCount = 0;
        extensionCount = 0;
        serverName = false;
        groupsOffset = ABSENT;
        groupsCount = 0;
        pointFormatsOffset = ABSENT;
        pointFormatsCount = 0;
        signatureAlgorithmsOffset = ABSENT;
        signatureAlgorithmsCount = 0;
        supportedVersionsOffset = ABSENT;
        supportedVersionsCount = 0;
        alpnOffset = ABSENT;
        alpnLength = 0;
    }

    void addExtension(int type) {
        if (extensionCount == extensionTypes.length) {
            extensionTypes = Arrays.copyOf(extensionTypes, extensionCount * 2);
        }
        extensionTypes[extensionCount++] = type;
    }

    private int u16(int offset) {
        return (bytes[offset] & 0xff) << 8 | bytes[offset + 1] & 0xff;
    }

    /** The version field of the ClientHello body (not the record's, not supported_versions). */
    public int legacyVersion() {
        return legacyVersion;
    }

    public int cipherCount() {
        return cipherCount;
    }

    public int cipher(int i) {
        return u16(cipherOffset + 2 * i);
    }

    /** Extension types in the order sent. */
    public int extensionCount() {
        return extensionCount;
    }

    public int extensionType(int i) {
        return extensionTypes[i];
    }

    /** Whether server_name (0) was sent. */
    public boolean hasServerName() {
        return serverName;
    }

    /** supported_groups (10), formerly elliptic_curves; 0 entries when absent. */
    public int groupCount() {
        return groupsCount;
    }

    public int group(int i) {
        return u16(groupsOffset + 2 * i);
    }

    /** ec_point_formats (11); 0 entries when absent. */
    public int pointFormatCount() {
        return pointFormatsCount;
    }

    public int pointFormat(int i) {
        return bytes[pointFormatsOffset + i] & 0xff;
    }

    /** signature_algorithms (13), in the order sent; 0 entries when absent. */
    public int signatureAlgorithmCount() {
        return signatureAlgorithmsCount;
    }

    public int signatureAlgorithm(int i) {
        return u16(signatureAlgorithmsOffset + 2 * i);
    }

    /** Whether supported_versions (43) was sent. */
    public boolean hasSupportedVersions() {
        return supportedVersionsOffset != ABSENT;
    }

    public int supportedVersionCount() {
        return supportedVersionsCount;
    }

    public int supportedVersion(int i) {
        return u16(supportedVersionsOffset + 2 * i);
    }

    /** Whether ALPN (16) was sent with at least one protocol name. */
    public boolean hasAlpn() {
        return alpnOffset != ABSENT;
    }

    /** The length of the first ALPN protocol name (0 if it was empty). */
    public int firstAlpnLength() {
        return alpnLength;
    }

    public int firstAlpnByte(int i) {
        return bytes[alpnOffset + i] & 0xff;
    }
}

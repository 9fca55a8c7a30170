package dev.bliss.challenge.internal;

/**
 * The binary layout of the two tokens the challenge issues, both carried as unpadded base64url.
 * Integers are big-endian; every byte before the MAC is covered by it.
 *
 * <pre>
 *  clearance (cookie value, 70 bytes → 94 characters)
 *   0   kind         1   {@link #CLEARANCE_KIND}
 *   1   issued       8   epoch seconds
 *   9   ttl          4   seconds
 *  13   checks       1   EnvironmentCheck bits that passed
 *  14   prefix       8   ClientBinding.prefix
 *  22   user agent   8   ClientBinding.userAgent
 *  30   ja4          8   ClientBinding.ja4
 *  38   mac         32   HMAC-SHA256(key, bytes [0, 38))
 *
 *  nonce (challenge page → verification request, 82 bytes → 110 characters)
 *   0   kind         1   {@link #NONCE_KIND}
 *   1   issued       8   epoch seconds
 *   9   difficulty   1   leading zero bits the proof of work must have
 *  10   salt         8   random: two challenges of one client differ
 *  18   rule         8   Hash64 of the challenging rule's id
 *  26   prefix       8
 *  34   user agent   8
 *  42   ja4          8
 *  50   mac         32   HMAC-SHA256(key, bytes [0, 50))
 * </pre>
 *
 * The kind byte is under the MAC and differs between the two, so one can never be taken for the
 * other. The binding travels in the clear so that a refusal can say what differed (prefix, user
 * agent, JA4): the HMAC makes it unforgeable, not secret, and it is the client's own.
 */
public final class TokenLayout {

    public static final byte CLEARANCE_KIND = (byte) 0xC1;
    public static final byte NONCE_KIND = (byte) 0xA1;

    public static final int KIND_OFFSET = 0;
    public static final int ISSUED_OFFSET = 1;

    public static final int CLEARANCE_TTL_OFFSET = 9;
    public static final int CLEARANCE_CHECKS_OFFSET = 13;
    public static final int CLEARANCE_BINDING_OFFSET = 14;
    public static final int CLEARANCE_MAC_OFFSET = 38;
    public static final int CLEARANCE_LENGTH = CLEARANCE_MAC_OFFSET + HmacSha256.LENGTH;

    public static final int NONCE_DIFFICULTY_OFFSET = 9;
    public static final int NONCE_SALT_OFFSET = 10;
    public static final int NONCE_RULE_OFFSET = 18;
    public static final int NONCE_BINDING_OFFSET = 26;
    public static final int NONCE_MAC_OFFSET = 50;
    public static final int NONCE_LENGTH = NONCE_MAC_OFFSET + HmacSha256.LENGTH;

    /** Within a binding: prefix, user agent, ja4, 8 bytes each. */
    public static final int BINDING_PREFIX = 0;
    public static final int BINDING_USER_AGENT = 8;
    public static final int BINDING_JA4 = 16;
    public static final int BINDING_LENGTH = 24;

    private TokenLayout() {
    }

    public static void putLong(byte[] b, int offset, long v) {
        for (int i = 7; i >= 0; i--) {
            b[offset + i] = (byte) v;
            v >>>= 8;
        }
    }

    public static long getLong(byte[] b, int offset) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | b[offset + i] & 0xFF;
        }
        return v;
    }

    public static void putInt(byte[] b, int offset, int v) {
        b[offset] = (byte) (v >>> 24);
        b[offset + 1] = (byte) (v >>> 16);
        b[offset + 2] = (byte) (v >>> 8);
        b[offset + 3] = (byte) v;
    }

    public static int getInt(byte[] b, int offset) {
        return (b[offset] & 0xFF) << 24 | (b[offset + 1] & 0xFF) << 16 | (b[offset + 2] & 0xFF) << 8 | b[offset + 3] & 0xFF;
    }
}

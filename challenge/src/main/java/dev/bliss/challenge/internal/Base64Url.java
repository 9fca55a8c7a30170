package dev.bliss.challenge.internal;

/**
 * Unpadded base64url (RFC 4648 §5), the alphabet a cookie value and a URL carry without quoting.
 * Decoding reads a {@link CharSequence} range into a caller's array, so a cookie is checked
 * without making a String; encoding is for the rare responses that issue a token.
 *
 * <p>Stateless; allocation-free except {@link #encode}.
 */
public final class Base64Url {

    private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
    private static final byte[] VALUES = new byte[128];

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = (byte) i;
        }
    }

    private Base64Url() {
    }

    /** The text length of {@code bytes} bytes, unpadded. */
    public static int encodedLength(int bytes) {
        return (bytes * 4 + 2) / 3;
    }

    public static String encode(byte[] data, int offset, int length) {
        StringBuilder out = new StringBuilder(encodedLength(length));
        int end = offset + length;
        int i = offset;
        for (; i + 3 <= end; i += 3) {
            int v = (data[i] & 0xFF) << 16 | (data[i + 1] & 0xFF) << 8 | data[i + 2] & 0xFF;
            out.append(ALPHABET[v >>> 18]).append(ALPHABET[v >>> 12 & 63]).append(ALPHABET[v >>> 6 & 63]).append(ALPHABET[v & 63]);
        }
        int rest = end - i;
        if (rest == 1) {
            int v = (data[i] & 0xFF) << 16;
            out.append(ALPHABET[v >>> 18]).append(ALPHABET[v >>> 12 & 63]);
        } else if (rest == 2) {
            int v = (data[i] & 0xFF) << 16 | (data[i + 1] & 0xFF) << 8;
            out.append(ALPHABET[v >>> 18]).append(ALPHABET[v >>> 12 & 63]).append(ALPHABET[v >>> 6 & 63]);
        }
        return out.toString();
    }

    /**
     * Decodes {@code text[from, to)} into {@code out} from 0.
     *
     * @return the number of bytes decoded, or -1 when the text is not unpadded base64url of at
     *         most {@code out.length} bytes (a stray character, a length no encoding has, or
     *         non-zero bits after the last byte, so that one token has exactly one spelling)
     */
    public static int decode(CharSequence text, int from, int to, byte[] out) {
        int chars = to - from;
        if (chars % 4 == 1) {
            return -1;
        }
        int bytes = chars * 3 / 4;
        if (bytes > out.length) {
            return -1;
        }
        int o = 0;
        int i = from;
        for (; i + 4 <= to; i += 4) {
            int a = value(text.charAt(i));
            int b = value(text.charAt(i + 1));
            int c = value(text.charAt(i + 2));
            int d = value(text.charAt(i + 3));
            if ((a | b | c | d) < 0) {
                return -1;
            }
            int v = a << 18 | b << 12 | c << 6 | d;
            out[o++] = (byte) (v >>> 16);
            out[o++] = (byte) (v >>> 8);
            out[o++] = (byte) v;
        }
        int rest = to - i;
        if (rest >= 2) {
            int a = value(text.charAt(i));
            int b = value(text.charAt(i + 1));
            int c = rest == 3 ? value(text.charAt(i + 2)) : 0;
            if ((a | b | c) < 0) {
                return -1;
            }
            int v = a << 18 | b << 12 | c << 6;
            // the bits past the last whole byte must be zero: one token, one spelling
            if ((v & (rest == 2 ? 0xFFFF : 0xFF)) != 0) {
                return -1;
            }
            out[o++] = (byte) (v >>> 16);
            if (rest == 3) {
                out[o++] = (byte) (v >>> 8);
            }
        }
        return o;
    }

    /** The 6-bit value of {@code c}, or -1 when it is not of the alphabet. */
    public static int valueOf(char c) {
        return value(c);
    }

    /** The 6-bit value of {@code c}, or -1. */
    private static int value(char c) {
        return c < 128 ? VALUES[c] : -1;
    }
}

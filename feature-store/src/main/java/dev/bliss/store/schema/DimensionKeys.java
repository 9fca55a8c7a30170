package dev.bliss.store.schema;

/**
 * The functions that turn request attributes into u64 dimension keys. The proxy's plugin, the
 * feature service and the {@code bliss features show} command all call these, so one attribute
 * always finds one key. Changing any of them changes every stored key: treat them as a file
 * format (and bump the schema hash's version tag with them).
 *
 * <p>Stateless, thread-safe, allocation-free. Hashes are not cryptographic: keys only need to
 * spread well over an open-addressing table, and a collision costs one wrong feature vector.
 */
public final class DimensionKeys {

    private static final long K1 = 0x9E3779B97F4A7C15L;
    private static final long K2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PREFIX_TAG = 0x5BD1E9955BD1E995L;

    private DimensionKeys() {
    }

    /** A 64-bit finaliser (the murmur3 fmix64 constants): every input bit flips about half the output. */
    public static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        x ^= x >>> 33;
        x *= 0xC4CEB9FE1A85EC53L;
        x ^= x >>> 33;
        return x;
    }

    /** The key of a client address held as 128 bits (IPv4 mapped into IPv6). */
    public static long clientIp(long high, long low) {
        return mix(high * K1 ^ mix(low + K2));
    }

    /** The key of a client's network: /24 for an IPv4(-mapped) address, /64 for IPv6. */
    public static long clientIpPrefix(long high, long low) {
        boolean v4 = high == 0 && (low >>> 32) == 0xFFFFL;
        long maskedLow = v4 ? low & ~0xFFL : 0;
        return clientIp(high, maskedLow) ^ PREFIX_TAG;
    }

    /** The key of a user agent (or any header value): its characters, exactly. */
    public static long text(CharSequence s) {
        return s == null ? 0 : chars(s, 0, s.length(), false);
    }

    /** A hash of {@code s[from, to)}, optionally ASCII-lower-cased, four characters a step. */
    public static long chars(CharSequence s, int from, int to, boolean lowerCase) {
        long h = K2 ^ (to - from) * K1;
        int i = from;
        for (; i + 4 <= to; i += 4) {
            long block = lower(s.charAt(i), lowerCase) | (long) lower(s.charAt(i + 1), lowerCase) << 16
                    | (long) lower(s.charAt(i + 2), lowerCase) << 32 | (long) lower(s.charAt(i + 3), lowerCase) << 48;
            h = Long.rotateLeft(h ^ block * K1, 27) * K2 + 0x52DCE729L;
        }
        long tail = 0;
        for (int shift = 0; i < to; i++, shift += 16) {
            tail |= (long) lower(s.charAt(i), lowerCase) << shift;
        }
        return mix(h ^ tail * K1);
    }

    /** A hash of bytes, eight at a time (little-endian). */
    public static long hashBytes(byte[] b, int from, int length) {
        long h = K2 ^ length * K1;
        int i = from;
        int end = from + length;
        for (; i + 8 <= end; i += 8) {
            long block = (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16 | (b[i + 3] & 0xFFL) << 24
                    | (b[i + 4] & 0xFFL) << 32 | (b[i + 5] & 0xFFL) << 40 | (b[i + 6] & 0xFFL) << 48 | (b[i + 7] & 0xFFL) << 56;
            h = Long.rotateLeft(h ^ block * K1, 27) * K2 + 0x52DCE729L;
        }
        long tail = 0;
        for (int shift = 0; i < end; i++, shift += 8) {
            tail |= (b[i] & 0xFFL) << shift;
        }
        return mix(h ^ tail * K1);
    }

    /** The key of a JA3 hash given as its 128 bits (the first 16 hex digits are {@code high}). */
    public static long ja3(long high, long low) {
        return mix(high ^ Long.rotateLeft(low, 32) * K1);
    }

    /** The key of a JA3 hash given as 32 hex characters; 0 when it is not one. */
    public static long ja3(CharSequence hex) {
        if (hex == null || hex.length() != 32) {
            return 0;
        }
        long high = hex(hex, 0, 16);
        long low = hex(hex, 16, 32);
        return high == -1 && low == -1 ? 0 : ja3(high, low);
    }

    /**
     * The key of a JA4 fingerprint {@code a_b_c}: part a (the 10 characters of {@code ja4} from
     * {@code aFrom}) hashed, parts b and c (12 hex digits each) as 48-bit numbers.
     */
    public static long ja4(CharSequence ja4, int aFrom, long b, long c) {
        return mix(chars(ja4, aFrom, aFrom + 10, false) ^ b * K1 ^ Long.rotateLeft(c, 40) * K2);
    }

    /** The key of a JA4 fingerprint given as text; 0 when it is not {@code a_b_c} with hex b, c. */
    public static long ja4(CharSequence ja4) {
        if (ja4 == null || ja4.length() != 36 || ja4.charAt(10) != '_' || ja4.charAt(23) != '_') {
            return 0;
        }
        long b = hex(ja4, 11, 23);
        long c = hex(ja4, 24, 36);
        if (b < 0 || c < 0) {
            return 0;
        }
        return ja4(ja4, 0, b, c);
    }

    /** The starting value of a header-order key; feed each name to {@link #headerOrderStep}. */
    public static long headerOrderSeed() {
        return K1;
    }

    /** Adds the next header name (case-insensitive) to a header-order key. */
    public static long headerOrderStep(long key, CharSequence name) {
        return Long.rotateLeft(key, 17) * K2 ^ chars(name, 0, name.length(), true);
    }

    /** The value of up to 16 hex digits, or -1 when a character is not a hex digit. */
    static long hex(CharSequence s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0 || s.charAt(i) > 'f') {
                return -1;
            }
            v = v << 4 | d;
        }
        return v;
    }

    private static char lower(char c, boolean lowerCase) {
        return lowerCase && c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }
}

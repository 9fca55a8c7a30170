package dev.bliss.challenge.internal;

/**
 * A 64-bit hash of a {@link CharSequence}, for binding a token to the user agent and JA4 a client
 * sent. Not a MAC: the token's HMAC covers the hash, so a collision only matters to someone who
 * already holds the victim's token and IP prefix, and could then send the victim's user agent
 * anyway. What matters here is speed: a user agent is about 130 characters, hashed on every
 * request that carries a clearance.
 *
 * <p>Four 16-bit characters are packed into one word per multiply, and two such words go to two
 * independent lanes per step: the chain of dependent multiplies is the latency, so two chains
 * take about half the time of one over a user agent. The lanes are joined and finished with the
 * MurmurHash3 64-bit mix. Stateless; allocates nothing.
 */
public final class Hash64 {

    private static final long K = 0x9E3779B97F4A7C15L;
    private static final long K2 = 0xC2B2AE3D27D4EB4FL;

    private Hash64() {
    }

    /** The hash of {@code text}; 0 is reserved for "absent" and never returned for text. */
    public static long of(CharSequence text) {
        return of(text, 0, text.length(), 0);
    }

    /**
     * The hash of {@code text[from, to)}, chained from {@code seed} (0, or the hash of a preceding
     * range, to hash several ranges as one text); never 0.
     */
    public static long of(CharSequence text, int from, int to, long seed) {
        long a = K ^ (to - from) ^ seed * K;
        long b = K2 ^ seed;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            a = (a ^ word(text, i)) * K;
            b = (b ^ word(text, i + 4)) * K2;
            a ^= a >>> 32;
            b ^= b >>> 29;
        }
        if (i + 4 <= to) {
            a = (a ^ word(text, i)) * K;
            a ^= a >>> 32;
            i += 4;
        }
        long w = 0;
        for (int shift = 0; i < to; i++, shift += 16) {
            w |= (long) text.charAt(i) << shift;
        }
        long h = mix((a ^ w) * K ^ Long.rotateLeft(b, 31));
        return h == 0 ? 1 : h;
    }

    /** Four characters from {@code at}, one per 16 bits. */
    private static long word(CharSequence text, int at) {
        return text.charAt(at) | (long) text.charAt(at + 1) << 16 | (long) text.charAt(at + 2) << 32 | (long) text.charAt(at + 3) << 48;
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}

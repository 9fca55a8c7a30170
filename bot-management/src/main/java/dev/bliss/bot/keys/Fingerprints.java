package dev.bliss.bot.keys;

import dev.bliss.bot.hex.HexDecoder;
import dev.bliss.store.schema.DimensionKeys;

/**
 * Turns a JA3 hash and a JA4 fingerprint into their dimension keys, decoding the hex parts with
 * the Vector API codec: JA3 is 32 hex digits (two 64-bit values), JA4 is {@code a_b_c} with b and
 * c 12 hex digits each. Malformed text gives key 0 (no key). The keys equal those
 * {@link DimensionKeys} computes from the same text, which the feature service and the CLI use.
 *
 * <p>One per event loop (the decoder owns scratch buffers). Allocation-free.
 */
public final class Fingerprints {

    public static final int JA3_LENGTH = 32;
    public static final int JA4_LENGTH = 36;

    private final HexDecoder hex = new HexDecoder();
    private final long[] words = new long[2];

    /** The JA3 key, or 0 when {@code ja3} is null or not 32 hex digits. */
    public long ja3Key(CharSequence ja3) {
        if (ja3 == null || ja3.length() != JA3_LENGTH || hex.decodeLongs(ja3, 0, JA3_LENGTH, words, 0) != 2) {
            return 0;
        }
        return DimensionKeys.ja3(words[0], words[1]);
    }

    /** The JA4 key, or 0 when {@code ja4} is null or not {@code a_b_c} with 12-digit hex b and c. */
    public long ja4Key(CharSequence ja4) {
        if (ja4 == null || ja4.length() != JA4_LENGTH || ja4.charAt(10) != '_' || ja4.charAt(23) != '_') {
            return 0;
        }
        if (hex.decodeLongs(ja4, 11, 23, words, 0) != 1) {
            return 0;
        }
        long b = words[0];
        if (hex.decodeLongs(ja4, 24, 36, words, 0) != 1) {
            return 0;
        }
        return DimensionKeys.ja4(ja4, 0, b, words[0]);
    }
}

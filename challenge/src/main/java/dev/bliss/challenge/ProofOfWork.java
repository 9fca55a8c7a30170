package dev.bliss.challenge;

import dev.bliss.challenge.internal.HmacSha256;
import java.security.DigestException;
import java.security.MessageDigest;

/**
 * The proof of work: find a counter such that {@code SHA-256(nonce ":" counter)} (ASCII; the
 * counter in decimal without leading zeros) starts with {@code difficulty} zero bits. A browser
 * tries 2^difficulty counters on average through WebCrypto; the proxy checks one hash.
 *
 * <p><b>Thread:</b> one instance per thread; not thread-safe. Allocates nothing.
 */
public final class ProofOfWork {

    /** The longest counter accepted: 2^53 - 1, the largest integer a JavaScript number holds exactly, has 16 digits. */
    public static final int MAX_COUNTER_DIGITS = 16;
    public static final int MAX_DIFFICULTY = 32;

    private final MessageDigest sha256 = HmacSha256.sha256();
    private final byte[] input = new byte[256];
    private final byte[] hash = new byte[HmacSha256.LENGTH];

    /**
     * Whether {@code counter} solves {@code nonce} at {@code difficulty}. A counter that is not
     * 1 to 16 decimal digits (or has a leading zero) never does, so one solution has one spelling.
     */
    public boolean solves(CharSequence nonce, CharSequence counter, int difficulty) {
        int c = counter.length();
        if (c == 0 || c > MAX_COUNTER_DIGITS || c > 1 && counter.charAt(0) == '0' || nonce.length() + 1 + c > input.length) {
            return false;
        }
        int n = 0;
        for (int i = 0; i < nonce.length(); i++) {
            char ch = nonce.charAt(i);
            if (ch > 127) {
                return false;
            }
            input[n++] = (byte) ch;
        }
        input[n++] = ':';
        for (int i = 0; i < c; i++) {
            char ch = counter.charAt(i);
            if (ch < '0' || ch > '9') {
                return false;
            }
            input[n++] = (byte) ch;
        }
        sha256.reset();
        sha256.update(input, 0, n);
        try {
            sha256.digest(hash, 0, hash.length);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
        return leadingZeroBits(hash) >= difficulty;
    }

    static int leadingZeroBits(byte[] hash) {
        int bits = 0;
        for (byte b : hash) {
            if (b == 0) {
                bits += 8;
                continue;
            }
            return bits + Integer.numberOfLeadingZeros(b & 0xFF) - 24;
        }
        return bits;
    }
}

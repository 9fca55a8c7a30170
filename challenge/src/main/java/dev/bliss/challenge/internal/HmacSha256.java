package dev.bliss.challenge.internal;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA256 (RFC 2104) over one reused {@link MessageDigest}, for a fixed key.
 *
 * <p>Why not {@link javax.crypto.Mac}: {@code Mac.doFinal(byte[], int)} makes a new array per call
 * (48 bytes per MAC measured on JDK 25), and the clearance check must allocate nothing. The
 * digest's {@code digest(byte[], int, int)} writes into the caller's array, so the two passes of
 * HMAC are done here: {@code H((K ^ opad) || H((K ^ ipad) || message))}. The cost is the two pad
 * blocks that a precomputed state would save (four SHA-256 blocks for a message under 56 bytes).
 *
 * <p><b>Thread:</b> one instance per thread (event loop); not thread-safe. <b>Allocation:</b>
 * none after construction.
 */
public final class HmacSha256 {

    public static final int LENGTH = 32;
    private static final int BLOCK = 64;

    private final MessageDigest digest;
    private final byte[] innerPad = new byte[BLOCK];
    private final byte[] outerPad = new byte[BLOCK];
    private final byte[] inner = new byte[LENGTH];

    /** A MAC under {@code key} (32 bytes from a key file; any length up to one block works). */
    public HmacSha256(byte[] key) {
        if (key.length == 0 || key.length > BLOCK) {
            throw new IllegalArgumentException("an HMAC-SHA256 key is 1 to 64 bytes, got " + key.length);
        }
        this.digest = sha256();
        for (int i = 0; i < BLOCK; i++) {
            byte k = i < key.length ? key[i] : 0;
            innerPad[i] = (byte) (k ^ 0x36);
            outerPad[i] = (byte) (k ^ 0x5c);
        }
    }

    /** Starts a MAC; feed the message with {@link #update} and end with {@link #finish}. */
    public HmacSha256 begin() {
        digest.reset();
        digest.update(innerPad, 0, BLOCK);
        return this;
    }

    public HmacSha256 update(byte[] message, int offset, int length) {
        digest.update(message, offset, length);
        return this;
    }

    /** Writes the 32-byte MAC to {@code out[offset, offset + 32)}. */
    public void finish(byte[] out, int offset) {
        try {
            digest.digest(inner, 0, LENGTH);
            digest.update(outerPad, 0, BLOCK);
            digest.update(inner, 0, LENGTH);
            digest.digest(out, offset, LENGTH);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("SHA-256 refused a 32-byte output", e);
        }
    }

    /**
     * Compares {@code length} bytes in time independent of where they differ, so that a forger
     * learns nothing from how fast a guess is refused.
     */
    public static boolean equalInConstantTime(byte[] a, int aOffset, byte[] b, int bOffset, int length) {
        int diff = 0;
        for (int i = 0; i < length; i++) {
            diff |= a[aOffset + i] ^ b[bOffset + i];
        }
        return diff == 0;
    }

    /** A new SHA-256 digest; every JDK has one (the JCA requires it). */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}

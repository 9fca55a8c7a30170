package dev.bliss.challenge;

import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The keys that sign nonces and clearances: the current one signs and verifies; the previous one,
 * when there is one, only verifies, so that rotating the key (see {@link KeyFile#rotate}) does not
 * void the clearances already out until they expire.
 *
 * <p>Immutable and thread-safe; the arrays it hands out are copies.
 *
 * @see KeyFile for where keys live
 */
public final class KeyRing {

    /** Key length in bytes: one SHA-256 output, as RFC 2104 recommends for HMAC-SHA256. */
    public static final int KEY_LENGTH = 32;

    private final byte[] current;
    private final byte[] previous;
    private final boolean ephemeral;

    private KeyRing(byte[] current, byte[] previous, boolean ephemeral) {
        if (current.length != KEY_LENGTH || previous != null && previous.length != KEY_LENGTH) {
            throw new IllegalArgumentException("challenge keys are " + KEY_LENGTH + " bytes");
        }
        this.current = current.clone();
        this.previous = previous == null ? null : previous.clone();
        this.ephemeral = ephemeral;
    }

    /** A ring of a current and (nullable) previous key, as a key file holds them. */
    public static KeyRing of(byte[] current, byte[] previous) {
        return new KeyRing(current, previous, false);
    }

    /**
     * A random key made now, for a proxy started without a key file: clearances it signs do not
     * survive a restart and are not accepted by other nodes.
     */
    public static KeyRing generated() {
        return new KeyRing(newKey(), null, true);
    }

    public static byte[] newKey() {
        byte[] key = new byte[KEY_LENGTH];
        new SecureRandom().nextBytes(key);
        return key;
    }

    public byte[] current() {
        return current.clone();
    }

    /** The previous key, or null. */
    public byte[] previous() {
        return previous == null ? null : previous.clone();
    }

    /** Whether the key was generated at start rather than read from a key file. */
    public boolean isEphemeral() {
        return ephemeral;
    }

    @Override
    public String toString() {
        // never the keys themselves
        return "KeyRing[" + (ephemeral ? "ephemeral" : previous == null ? "current" : "current+previous") + ']';
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyRing k && Arrays.equals(current, k.current) && Arrays.equals(previous, k.previous);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(current);
    }
}

package dev.bliss.proxy.tls;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer for the ASCII text that fingerprints are made of, so the text can be
 * hashed where it was written without a String or encoder in between. Reused; grows to the
 * longest text seen (bounded by the ClientHello size limit).
 */
final class AsciiBuffer {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private byte[] bytes;
    private int length;

    AsciiBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    void clear() {
        length = 0;
    }

    int length() {
        return length;
    }

    byte[] array() {
        return bytes;
    }

    AsciiBuffer append(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
        return this;
    }

    /** A value 0..65535 in decimal, no leading zeros. */
    AsciiBuffer appendDecimal(int value) {
        ensure(5);
        int digits = value >= 10_000 ? 5 : value >= 1_000 ? 4 : value >= 100 ? 3 : value >= 10 ? 2 : 1;
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /** A 16-bit value as exactly four lowercase hex digits. */
    AsciiBuffer appendHex4(int value) {
        ensure(4);
        bytes[length++] = HEX[(value >>> 12) & 0xf];
        bytes[length++] = HEX[(value >>> 8) & 0xf];
        bytes[length++] = HEX[(value >>> 4) & 0xf];
        bytes[length++] = HEX[value & 0xf];
        return this;
    }

    /** The first {@code count} bytes of {@code digest} as lowercase hex. */
    AsciiBuffer appendHex(byte[] digest, int count) {
        ensure(2 * count);
        for (int i = 0; i < count; i++) {
            bytes[length++] = HEX[(digest[i] >>> 4) & 0xf];
            bytes[length++] = HEX[digest[i] & 0xf];
        }
        return this;
    }

    /** One hex digit (a nibble 0..15). */
    AsciiBuffer appendNibble(int nibble) {
        ensure(1);
        bytes[length++] = HEX[nibble & 0xf];
        return this;
    }

    String toString(int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return toString(0, length);
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}

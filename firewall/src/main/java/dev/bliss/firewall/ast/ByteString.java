package dev.bliss.firewall.ast;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/** An immutable byte string with value equality, for literals. */
public final class ByteString {

    private final byte[] bytes;

    private ByteString(byte[] bytes) {
        this.bytes = bytes;
    }

    public static ByteString copyOf(byte[] bytes) {
        return new ByteString(bytes.clone());
    }

    public static ByteString utf8(String text) {
        return new ByteString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A copy of the bytes. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    public byte byteAt(int i) {
        return bytes[i];
    }

    /** The bytes as UTF-8 text (malformed sequences replaced); for messages and map keys. */
    public String toUtf8() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteString b && Arrays.equals(b.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HexFormat.ofDelimiter(":").formatHex(bytes);
    }
}

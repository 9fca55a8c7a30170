package dev.bliss.proxy.accesslog;

import java.util.Arrays;

/**
 * One JSON line being built as UTF-8 bytes, reused for every line: the writer thread formats
 * into it and hands its bytes to the file, with no String per line.
 *
 * <p>Writer thread only.
 */
final class JsonLine {

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[1024];
    private int length;

    void clear() {
        length = 0;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    JsonLine ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            put((byte) s.charAt(i));
        }
        return this;
    }

    JsonLine put(char c) {
        put((byte) c);
        return this;
    }

    JsonLine number(long v) {
        if (v == Long.MIN_VALUE) {
            return ascii(Long.toString(v));
        }
        if (v < 0) {
            put((byte) '-');
            v = -v;
        }
        int start = length;
        do {
            put((byte) ('0' + (int) (v % 10)));
            v /= 10;
        } while (v != 0);
        for (int i = start, j = length - 1; i < j; i++, j--) {
            byte t = bytes[i];
            bytes[i] = bytes[j];
            bytes[j] = t;
        }
        return this;
    }

    /**
     * Appends the JSON-escaped UTF-8 of {@code c} (and of {@code next}, when the two are a
     * surrogate pair); returns how many of the two it used. A lone surrogate becomes U+FFFD.
     */
    int stringChar(char c, char next) {
        switch (c) {
            case '"' -> ascii("\\\"");
            case '\\' -> ascii("\\\\");
            case '\n' -> ascii("\\n");
            case '\r' -> ascii("\\r");
            case '\t' -> ascii("\\t");
            default -> {
                if (c < 0x20 || c == 0x7f) {
                    ascii("\\u00");
                    put(HEX[c >> 4]);
                    put(HEX[c & 0xF]);
                } else if (c < 0x80) {
                    put((byte) c);
                } else if (c < 0x800) {
                    put((byte) (0xC0 | c >> 6));
                    put((byte) (0x80 | c & 0x3F));
                } else if (Character.isHighSurrogate(c) && Character.isLowSurrogate(next)) {
                    int cp = Character.toCodePoint(c, next);
                    put((byte) (0xF0 | cp >> 18));
                    put((byte) (0x80 | cp >> 12 & 0x3F));
                    put((byte) (0x80 | cp >> 6 & 0x3F));
                    put((byte) (0x80 | cp & 0x3F));
                    return 2;
                } else if (Character.isSurrogate(c)) {
                    ascii("\\ufffd");
                } else {
                    put((byte) (0xE0 | c >> 12));
                    put((byte) (0x80 | c >> 6 & 0x3F));
                    put((byte) (0x80 | c & 0x3F));
                }
            }
        }
        return 1;
    }

    private void put(byte b) {
        if (length == bytes.length) {
            bytes = Arrays.copyOf(bytes, bytes.length * 2);
        }
        bytes[length++] = b;
    }
}

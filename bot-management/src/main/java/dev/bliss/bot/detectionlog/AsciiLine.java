package dev.bliss.bot.detectionlog;

import java.util.Arrays;

/**
 * One line of output built as ASCII bytes in an array that is reused for every line, so the
 * writer thread makes no garbage per line (a String and its UTF-8 copy would be two, about
 * 1.5 KB each, per logged request). Characters outside ASCII are the caller's to escape.
 *
 * <p>Not thread-safe: the detection log's writer owns it.
 */
final class AsciiLine {

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    private static final byte[] MIN_LONG = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[4096];
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

    AsciiLine append(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
        return this;
    }

    /** Appends pre-encoded ASCII. */
    AsciiLine append(byte[] ascii) {
        ensure(ascii.length);
        System.arraycopy(ascii, 0, bytes, length, ascii.length);
        length += ascii.length;
        return this;
    }

    /** Appends an ASCII string (constants and names checked to be ASCII). */
    AsciiLine append(String ascii) {
        int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    AsciiLine append(boolean b) {
        return append(b ? "true" : "false");
    }

    /** Appends a decimal integer. */
    AsciiLine append(long v) {
        if (v == Long.MIN_VALUE) {
            return append(MIN_LONG);
        }
        ensure(20);
        if (v < 0) {
            bytes[length++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        length += digits;
        return this;
    }

    /** Appends {@code v} as 16 lowercase hex digits. */
    AsciiLine appendHex16(long v) {
        ensure(16);
        for (int shift = 60; shift >= 0; shift -= 4) {
            bytes[length++] = HEX[(int) (v >>> shift) & 0xF];
        }
        return this;
    }

    /** Appends {@code \}{@code uXXXX} for a character JSON must not (or we choose not to) carry raw. */
    AsciiLine appendUnicodeEscape(char c) {
        ensure(6);
        bytes[length++] = '\\';
        bytes[length++] = 'u';
        bytes[length++] = HEX[c >>> 12];
        bytes[length++] = HEX[c >>> 8 & 0xF];
        bytes[length++] = HEX[c >>> 4 & 0xF];
        bytes[length++] = HEX[c & 0xF];
        return this;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}

package dev.bliss.firewall.compile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A compiled wildcard: {@code *} matches any run of bytes (also none) and the pattern must match
 * the whole value; {@code \*} and {@code \\} stand for {@code *} and {@code \}. {@code wildcard}
 * compares ASCII letters without case, {@code strict wildcard} exactly.
 *
 * <p>Matching takes the literal segments between stars in order, the first anchored at the
 * start, the last at the end, each middle one at its leftmost occurrence; with only {@code *} as
 * a metacharacter the leftmost choice never loses a match, so there is no backtracking.
 * Immutable, allocation-free.
 */
public final class WildcardPattern {

    private final String text;
    private final byte[][] segments;
    private final boolean hasStar;
    private final boolean caseSensitive;
    private final int minimumLength;

    private WildcardPattern(String text, byte[][] segments, boolean hasStar, boolean caseSensitive) {
        this.text = text;
        this.segments = segments;
        this.hasStar = hasStar;
        this.caseSensitive = caseSensitive;
        int min = 0;
        for (byte[] s : segments) {
            min += s.length;
        }
        this.minimumLength = min;
        if (!caseSensitive) {
            for (byte[] s : segments) {
                for (int i = 0; i < s.length; i++) {
                    s[i] = lower(s[i]);
                }
            }
        }
    }

    /**
     * @throws IllegalArgumentException with a wirefilter-style reason for a bad pattern
     */
    public static WildcardPattern compile(String pattern, boolean caseSensitive) {
        byte[] bytes = pattern.getBytes(StandardCharsets.UTF_8);
        List<byte[]> segments = new ArrayList<>();
        java.io.ByteArrayOutputStream current = new java.io.ByteArrayOutputStream();
        boolean star = false;
        boolean lastWasStar = false;
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == '\\') {
                if (i + 1 >= bytes.length) {
                    throw new IllegalArgumentException("wildcard ends with an unescaped \\");
                }
                byte e = bytes[++i];
                if (e != '*' && e != '\\') {
                    throw new IllegalArgumentException("invalid escape \\" + (char) (e & 0xFF) + " in wildcard (only \\* and \\\\)");
                }
                current.write(e);
                lastWasStar = false;
            } else if (b == '*') {
                if (lastWasStar) {
                    throw new IllegalArgumentException("wildcard contains a double star");
                }
                segments.add(current.toByteArray());
                current.reset();
                star = true;
                lastWasStar = true;
            } else {
                current.write(b);
                lastWasStar = false;
            }
        }
        segments.add(current.toByteArray());
        return new WildcardPattern(pattern, segments.toArray(new byte[0][]), star, caseSensitive);
    }

    public String text() {
        return text;
    }

    public boolean matches(byte[] value, int length) {
        if (length < minimumLength) {
            return false;
        }
        byte[] first = segments[0];
        if (!hasStar) {
            return length == first.length && regionMatches(value, 0, first);
        }
        if (!regionMatches(value, 0, first)) {
            return false;
        }
        byte[] last = segments[segments.length - 1];
        int end = length - last.length;
        if (!regionMatches(value, end, last)) {
            return false;
        }
        int from = first.length;
        for (int s = 1; s < segments.length - 1; s++) {
            byte[] seg = segments[s];
            int at = indexOf(value, from, end, seg);
            if (at < 0) {
                return false;
            }
            from = at + seg.length;
        }
        return true;
    }

    private int indexOf(byte[] value, int from, int end, byte[] seg) {
        for (int i = from; i + seg.length <= end; i++) {
            if (regionMatches(value, i, seg)) {
                return i;
            }
        }
        return -1;
    }

    private boolean regionMatches(byte[] value, int at, byte[] seg) {
        if (caseSensitive) {
            return java.util.Arrays.equals(value, at, at + seg.length, seg, 0, seg.length);
        }
        for (int i = 0; i < seg.length; i++) {
            if (lower(value[at + i]) != seg[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }
}

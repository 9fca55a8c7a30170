package dev.bliss.firewall.regex;

/** Sets of bytes as four 64-bit words: bit {@code b & 63} of word {@code b >>> 6}. */
final class Bits {

    private Bits() {
    }

    static long[] of(int b) {
        long[] s = new long[4];
        s[b >>> 6] |= 1L << b;
        return s;
    }

    static long[] all() {
        return new long[] {-1L, -1L, -1L, -1L};
    }

    static long[] range(int low, int high) {
        long[] s = new long[4];
        for (int b = low; b <= high; b++) {
            s[b >>> 6] |= 1L << b;
        }
        return s;
    }

    static long[] digits() {
        return range('0', '9');
    }

    /** {@code [0-9A-Za-z_]}: ASCII word characters, as with Unicode off. */
    static long[] word() {
        return union(range('0', '9'), range('A', 'Z'), range('a', 'z'), of('_'));
    }

    /** {@code [\t\n\v\f\r ]} */
    static long[] space() {
        return union(range('\t', '\r'), of(' '));
    }

    static long[] union(long[]... sets) {
        long[] s = new long[4];
        for (long[] t : sets) {
            addAll(s, t);
        }
        return s;
    }

    static void addAll(long[] into, long[] other) {
        for (int i = 0; i < 4; i++) {
            into[i] |= other[i];
        }
    }

    static long[] not(long[] set) {
        return new long[] {~set[0], ~set[1], ~set[2], ~set[3]};
    }

    static void clear(long[] set, int b) {
        set[b >>> 6] &= ~(1L << b);
    }

    static boolean contains(long[] set, int b) {
        return (set[b >>> 6] & (1L << b)) != 0;
    }

    static int first(long[] set) {
        for (int b = 0; b < 256; b++) {
            if (contains(set, b)) {
                return b;
            }
        }
        return -1;
    }

    /** Adds the other ASCII case of every ASCII letter in the set. */
    static void foldCase(long[] set) {
        for (int b = 'A'; b <= 'Z'; b++) {
            if (contains(set, b) || contains(set, b + 32)) {
                set[b >>> 6] |= 1L << b;
                set[(b + 32) >>> 6] |= 1L << (b + 32);
            }
        }
    }

    static boolean isWord(int b) {
        return b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b == '_';
    }
}

package dev.bliss.challenge.internal;

/**
 * Finds one cookie's value in a Cookie header ({@code a=1; b=2}, RFC 6265 §5.4) without making a
 * String. Names match exactly (cookie names are case-sensitive); the first match wins, as RFC
 * 6265 §5.4 orders the longer path first. Stateless; allocates nothing.
 */
public final class CookieScanner {

    /** Returned when the cookie is absent. */
    public static final long ABSENT = -1;

    private CookieScanner() {
    }

    /**
     * The value of cookie {@code name} in {@code header}, packed as {@code from << 32 | to}
     * (use {@link #from} and {@link #to}), or {@link #ABSENT}. Surrounding double quotes are
     * not part of the value.
     */
    public static long find(CharSequence header, CharSequence name) {
        int n = header.length();
        int nameLength = name.length();
        int i = 0;
        while (i < n) {
            while (i < n && (header.charAt(i) == ' ' || header.charAt(i) == '\t')) {
                i++;
            }
            int end = i;
            while (end < n && header.charAt(end) != ';') {
                end++;
            }
            if (end - i > nameLength && header.charAt(i + nameLength) == '=' && regionMatches(header, i, name, nameLength)) {
                int from = i + nameLength + 1;
                int to = end;
                while (to > from && (header.charAt(to - 1) == ' ' || header.charAt(to - 1) == '\t')) {
                    to--;
                }
                if (to - from >= 2 && header.charAt(from) == '"' && header.charAt(to - 1) == '"') {
                    from++;
                    to--;
                }
                return (long) from << 32 | to;
            }
            i = end + 1;
        }
        return ABSENT;
    }

    public static int from(long found) {
        return (int) (found >>> 32);
    }

    public static int to(long found) {
        return (int) found;
    }

    private static boolean regionMatches(CharSequence s, int at, CharSequence name, int length) {
        for (int k = 0; k < length; k++) {
            if (s.charAt(at + k) != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}

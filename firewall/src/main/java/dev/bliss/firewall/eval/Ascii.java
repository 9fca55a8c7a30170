package dev.bliss.firewall.eval;

/** ASCII case handling on character sequences, without allocating. */
public final class Ascii {

    private Ascii() {
    }

    /** Whether {@code name} equals {@code lower} (lower-case ASCII) ignoring ASCII case. */
    public static boolean equalsLowerCase(CharSequence name, String lower) {
        int n = lower.length();
        if (name.length() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    public static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }

    public static byte upper(byte b) {
        return b >= 'a' && b <= 'z' ? (byte) (b - 32) : b;
    }
}

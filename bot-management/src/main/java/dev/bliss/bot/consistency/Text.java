package dev.bliss.bot.consistency;

/**
 * ASCII comparisons on CharSequences that make no String. Header values are Strings on the
 * proxy's request path, so a String takes String's own search (a vectorised intrinsic: several
 * times faster than a charAt loop over a user agent); any other CharSequence the loop.
 */
final class Text {

    private Text() {
    }

    static boolean startsWith(CharSequence s, String prefix) {
        if (s instanceof String text) {
            return text.startsWith(prefix);
        }
        if (s.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (s.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static int indexOf(CharSequence s, String needle, int from) {
        if (s instanceof String text) {
            return text.indexOf(needle, from);
        }
        int last = s.length() - needle.length();
        outer:
        for (int i = from; i <= last; i++) {
            for (int j = 0; j < needle.length(); j++) {
                if (s.charAt(i + j) != needle.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Whether {@code s} equals {@code lowerCase} ignoring ASCII case ({@code lowerCase} is lower case). */
    static boolean equalsIgnoreCase(CharSequence s, String lowerCase) {
        if (s.length() != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + 32);
            }
            if (c != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}

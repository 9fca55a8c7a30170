package dev.bliss.plugin.config;

import java.util.Locale;

/**
 * Parses the size syntax of configuration files: a whole number of bytes, optionally followed
 * by B, KB, MB or GB (powers of 1024, any case, a space allowed before the unit, {@code _} as a
 * digit separator): {@code 65536}, {@code 64KB}, {@code 100 MB}, {@code 1_000_000}.
 */
final class ByteSizeText {

    private ByteSizeText() {
    }

    /** The size in bytes, or -1 when {@code text} is not one (or does not fit in a long). */
    static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        int shift = 0;
        int end = t.length();
        if (t.endsWith("KB")) {
            shift = 10;
            end -= 2;
        } else if (t.endsWith("MB")) {
            shift = 20;
            end -= 2;
        } else if (t.endsWith("GB")) {
            shift = 30;
            end -= 2;
        } else if (t.endsWith("B")) {
            end -= 1;
        }
        String digits = t.substring(0, end).trim().replace("_", "");
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        try {
            long n = Long.parseLong(digits);
            return n > Long.MAX_VALUE >> shift ? -1 : n << shift;
        } catch (NumberFormatException tooLong) {
            return -1;
        }
    }
}

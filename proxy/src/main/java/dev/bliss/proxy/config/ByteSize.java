package dev.bliss.proxy.config;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.util.Locale;

/** A size in bytes as configuration writes it: a number, or a number with B, KB, MB or GB (powers of 1024). */
final class ByteSize {

    private ByteSize() {
    }

    static long read(ConfigSection s, String key, long defaultValue) throws ConfigException {
        String text = s.string(key, null);
        if (text == null) {
            return defaultValue;
        }
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        int end = t.length();
        if (t.endsWith("KB")) {
            unit = 1L << 10;
            end -= 2;
        } else if (t.endsWith("MB")) {
            unit = 1L << 20;
            end -= 2;
        } else if (t.endsWith("GB")) {
            unit = 1L << 30;
            end -= 2;
        } else if (t.endsWith("B")) {
            end -= 1;
        }
        try {
            long n = Long.parseLong(t.substring(0, end).trim().replace("_", ""));
            if (n < 0 || n > Long.MAX_VALUE / unit) {
                throw s.error(key, "not a size: \"" + text + '"');
            }
            return n * unit;
        } catch (NumberFormatException e) {
            throw s.error(key, "not a size: \"" + text + "\" (bytes, or a number with KB, MB or GB)");
        }
    }
}

package dev.bliss.plugin.config;

import java.time.Duration;

/** Parses the duration syntax of configuration files: an integer and one of ms, s, m, h, d. */
final class DurationText {

    private DurationText() {
    }

    /** The duration, or {@code null} when {@code text} is not one. */
    static Duration parse(String text) {
        int i = 0;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        if (i == 0 || i == text.length()) {
            return null;
        }
        long amount;
        try {
            amount = Long.parseLong(text, 0, i, 10);
        } catch (NumberFormatException e) {
            return null;
        }
        return switch (text.substring(i)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> null;
        };
    }
}

package dev.bliss.bot.hex;

import java.util.Random;

/** Random hex text in a chosen case mix, for tests that compare decoders with HexFormat. */
final class HexInputs {

    /** How upper and lower case letters are mixed in one input. */
    enum CaseMix {
        LOWER, UPPER, ALTERNATING, RANDOM;

        char apply(char c, int index, Random random) {
            return switch (this) {
                case LOWER -> Character.toLowerCase(c);
                case UPPER -> Character.toUpperCase(c);
                case ALTERNATING -> (index & 1) == 0 ? Character.toUpperCase(c) : Character.toLowerCase(c);
                case RANDOM -> random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c);
            };
        }
    }

    private static final String DIGITS = "0123456789abcdef";

    private HexInputs() {
    }

    static String randomHex(int length, CaseMix mix, Random random) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = mix.apply(DIGITS.charAt(random.nextInt(16)), i, random);
        }
        return new String(chars);
    }

    /** The low byte of each char, as raw header bytes would carry them (U+0130 becomes '0'). */
    static byte[] lowBytes(String s) {
        byte[] bytes = new byte[s.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) s.charAt(i);
        }
        return bytes;
    }
}

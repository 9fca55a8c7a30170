package dev.bliss.training.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one JSON text (RFC 8259) into plain Java values: {@code Map<String, Object>} (in
 * document order), {@code List<Object>}, {@code String}, {@code Double}, {@code Boolean} and
 * {@link #NULL}. Strict: trailing commas, comments, NaN, leading zeros, unescaped control
 * characters, duplicate keys and trailing text are errors, because a log line or model file that
 * only half parses must not train or serve.
 *
 * <p>Stateless; thread-safe.
 */
public final class JsonParser {

    /** JSON's {@code null}, so that a present null differs from a missing key. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Nesting deeper than this is refused rather than overflowing the stack. */
    private static final int MAX_DEPTH = 256;

    private final String text;
    private int pos;

    private JsonParser(String text) {
        this.text = text;
    }

    /** The value of {@code text}, which must hold exactly one JSON value (whitespace around it). */
    public static Object parse(String text) throws JsonSyntaxException {
        JsonParser p = new JsonParser(text);
        p.skipWhitespace();
        Object value = p.value(0);
        p.skipWhitespace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the value");
        }
        return value;
    }

    /** What kind of JSON value {@code value} is, for error messages. */
    public static String kind(Object value) {
        return switch (value) {
            case null -> "nothing";
            case Map<?, ?> m -> "an object";
            case List<?> l -> "an array";
            case String s -> "a string";
            case Double d -> "a number";
            case Boolean b -> "a boolean";
            default -> value == NULL ? "null" : value.getClass().getSimpleName();
        };
    }

    private Object value(int depth) throws JsonSyntaxException {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        if (pos >= text.length()) {
            throw error("unexpected end of text");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", NULL);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected character '" + c + "'");
            }
        };
    }

    private Map<String, Object> object(int depth) throws JsonSyntaxException {
        pos++;
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a string key");
            }
            int keyAt = pos;
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            Object v = value(depth + 1);
            if (map.putIfAbsent(key, v) != null) {
                pos = keyAt;
                throw error("duplicate key \"" + key + "\"");
            }
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == '}') {
                return map;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array(int depth) throws JsonSyntaxException {
        pos++;
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(value(depth + 1));
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == ']') {
                return list;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() throws JsonSyntaxException {
        pos++;
        int start = pos;
        // Fast path: no escapes.
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '"') {
                return text.substring(start, pos++);
            }
            if (c == '\\' || c < 0x20) {
                break;
            }
            pos++;
        }
        StringBuilder sb = new StringBuilder().append(text, start, pos);
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("unescaped control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                pos++;
                continue;
            }
            pos++;
            char e = peek();
            pos++;
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("truncated \\u escape");
                    }
                    int code = 0;
                    for (int i = 0; i < 4; i++) {
                        int digit = Character.digit(text.charAt(pos + i), 16);
                        if (digit < 0) {
                            pos += i;
                            throw error("bad hex digit in a \\u escape");
                        }
                        code = code * 16 + digit;
                    }
                    pos += 4;
                    sb.append((char) code);
                }
                default -> {
                    pos--;
                    throw error("bad escape '\\" + e + "'");
                }
            }
        }
        throw error("unterminated string");
    }

    private Double number() throws JsonSyntaxException {
        int start = pos;
        boolean negative = peek() == '-';
        if (negative) {
            pos++;
        }
        // Digits are gathered into a long while they fit exactly; see exactDouble.
        long mantissa = 0;
        int significant = 0;
        int exponent = 0;
        boolean exact = true;
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            while (isDigit(peek())) {
                if (significant < 18) {
                    mantissa = mantissa * 10 + (peek() - '0');
                    significant++;
                } else {
                    exact = false;
                }
                pos++;
            }
        } else {
            throw error("expected a digit");
        }
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) {
                throw error("expected a digit after '.'");
            }
            while (isDigit(peek())) {
                if (significant < 18) {
                    mantissa = mantissa * 10 + (peek() - '0');
                    if (mantissa != 0) {
                        significant++;
                    }
                    exponent--;
                } else {
                    exact = false;
                }
                pos++;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            boolean negativeExponent = peek() == '-';
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("expected a digit in the exponent");
            }
            int e = 0;
            while (isDigit(peek())) {
                e = Math.min(e * 10 + (peek() - '0'), 100_000);
                pos++;
            }
            exponent += negativeExponent ? -e : e;
        }
        if (isDigit(peek())) {
            throw error("leading zero in a number");
        }
        if (exact && mantissa < 1L << 53 && exponent >= -22 && exponent <= 22) {
            double v = exactDouble(mantissa, exponent);
            return negative ? -v : v;
        }
        return Double.parseDouble(text.substring(start, pos));
    }

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /**
     * {@code mantissa × 10^exponent}, correctly rounded: both factors are exact doubles (an integer
     * below 2^53, a power of ten up to 10^22), so one multiplication or division rounds once, as
     * {@link Double#parseDouble} would. Detection logs are mostly such short numbers, and this
     * skips a substring and the general parser for each.
     */
    private static double exactDouble(long mantissa, int exponent) {
        return exponent >= 0 ? mantissa * POWERS_OF_TEN[exponent] : mantissa / POWERS_OF_TEN[-exponent];
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Object literal(String word, Object value) throws JsonSyntaxException {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected word");
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) throws JsonSyntaxException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    /** The current character, or 0 at the end (never valid where a character is expected). */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private JsonSyntaxException error(String message) {
        return new JsonSyntaxException(message, pos);
    }
}

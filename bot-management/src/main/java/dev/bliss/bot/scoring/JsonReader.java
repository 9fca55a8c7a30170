package dev.bliss.bot.scoring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 JSON parser for model files, into plain Java values:
 *
 * <pre>
 *   object  → Map&lt;String, Object&gt; (insertion order; a duplicate key is an error)
 *   array   → List&lt;Object&gt;
 *   string  → String
 *   number  → Double
 *   boolean → Boolean
 *   null    → {@link #NULL}
 * </pre>
 *
 * <p>Why our own: the CatBoost JNI loads truncated or malformed JSON without complaint (a file
 * cut off after its first tree loaded and predicted), so a model file is parsed here first, and
 * this module does not depend on a JSON library. Strict means no comments, no trailing commas,
 * no NaN or Infinity, no leading zeros, nothing after the top-level value. Nesting deeper than
 * {@value #MAX_DEPTH} is refused so a hostile file cannot overflow the stack.
 *
 * <p>Errors give line and column. Startup and reload only; allocates freely.
 */
final class JsonReader {

    /** JSON's null, distinct from a missing key ({@code Map.get} returning Java null). */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    static final int MAX_DEPTH = 64;

    private final String text;
    private int pos;

    private JsonReader(String text) {
        this.text = text;
    }

    /** Parses one JSON document. A leading byte-order mark is skipped. */
    static Object parse(String text) throws ModelRejectedException {
        JsonReader reader = new JsonReader(text);
        if (text.startsWith("\uFEFF")) {
            reader.pos = 1;
        }
        reader.skipWhitespace();
        Object value = reader.value(0);
        reader.skipWhitespace();
        if (reader.pos != text.length()) {
            throw reader.error("unexpected " + reader.describeHere() + " after the end of the document");
        }
        return value;
    }

    /** A short description of a parsed value's kind, for messages. */
    static String kind(Object value) {
        return switch (value) {
            case null -> "nothing";
            case Map<?, ?> m -> "an object";
            case List<?> l -> "an array";
            case String s -> "a string";
            case Double d -> "a number";
            case Boolean b -> "a boolean";
            default -> "null";
        };
    }

    private Object value(int depth) throws ModelRejectedException {
        if (pos >= text.length()) {
            throw error("unexpected end of the document");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object(depth + 1);
            case '[' -> array(depth + 1);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", NULL);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("expected a value, found " + describeHere());
            }
        };
    }

    private Map<String, Object> object(int depth) throws ModelRejectedException {
        checkDepth(depth);
        pos++;
        Map<String, Object> out = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return out;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a key in quotes, found " + describeHere());
            }
            int keyAt = pos;
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            Object value = value(depth);
            if (out.putIfAbsent(key, value) != null) {
                pos = keyAt;
                throw error("duplicate key \"" + key + "\"");
            }
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == '}') {
                return out;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}', found " + describeHere());
            }
        }
    }

    private List<Object> array(int depth) throws ModelRejectedException {
        checkDepth(depth);
        pos++;
        List<Object> out = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return out;
        }
        while (true) {
            skipWhitespace();
            out.add(value(depth));
            skipWhitespace();
            char c = peek();
            pos++;
            if (c == ']') {
                return out;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']', found " + describeHere());
            }
        }
    }

    private String string() throws ModelRejectedException {
        pos++;
        int start = pos;
        StringBuilder escaped = null;
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                String s = escaped == null ? text.substring(start, pos) : escaped.append(text, start, pos).toString();
                pos++;
                return s;
            }
            if (c < 0x20) {
                throw error("control character U+" + String.format("%04X", (int) c) + " inside a string");
            }
            if (c != '\\') {
                pos++;
                continue;
            }
            if (escaped == null) {
                escaped = new StringBuilder();
            }
            escaped.append(text, start, pos);
            pos++;
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char e = text.charAt(pos);
            switch (e) {
                case '"', '\\', '/' -> escaped.append(e);
                case 'b' -> escaped.append('\b');
                case 'f' -> escaped.append('\f');
                case 'n' -> escaped.append('\n');
                case 'r' -> escaped.append('\r');
                case 't' -> escaped.append('\t');
                case 'u' -> {
                    if (pos + 4 >= text.length()) {
                        throw error("unterminated \\u escape");
                    }
                    int code = 0;
                    for (int i = 1; i <= 4; i++) {
                        int digit = Character.digit(text.charAt(pos + i), 16);
                        if (digit < 0) {
                            throw error("\\u must be followed by four hex digits");
                        }
                        code = code << 4 | digit;
                    }
                    escaped.append((char) code);
                    pos += 4;
                }
                default -> throw error("invalid escape \\" + e);
            }
            pos++;
            start = pos;
        }
    }

    private Double number() throws ModelRejectedException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
            if (isDigit(peek())) {
                throw error("a number must not have a leading zero");
            }
        } else {
            digits("a digit");
        }
        if (peek() == '.') {
            pos++;
            digits("a digit after the decimal point");
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits("a digit in the exponent");
        }
        // The grammar above is JSON's; parseDouble accepts a superset and rounds correctly.
        return Double.valueOf(text.substring(start, pos));
    }

    private void digits(String what) throws ModelRejectedException {
        if (!isDigit(peek())) {
            throw error("expected " + what + ", found " + describeHere());
        }
        while (isDigit(peek())) {
            pos++;
        }
    }

    private Object literal(String word, Object value) throws ModelRejectedException {
        if (!text.startsWith(word, pos)) {
            throw error("expected a value, found " + describeHere());
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) throws ModelRejectedException {
        if (peek() != c) {
            throw error("expected '" + c + "', found " + describeHere());
        }
        pos++;
    }

    private void checkDepth(int depth) throws ModelRejectedException {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    /** The current character, or 0 at the end (0 is not valid anywhere outside strings). */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
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

    private String describeHere() {
        if (pos >= text.length()) {
            return "the end of the document";
        }
        char c = text.charAt(pos);
        return c >= 0x20 && c < 0x7f ? "'" + c + "'" : "U+" + String.format("%04X", (int) c);
    }

    private ModelRejectedException error(String what) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new ModelRejectedException("invalid JSON at line " + line + ", column " + (pos - lineStart + 1) + ": " + what);
    }
}

package dev.bliss.store.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One value of a document read by {@link StrictJson#readTree}, with its place in the file: its
 * line and column and its key path, so that a check of the document's content (a CatBoost model's
 * trees and borders) reports {@code 1:5321: oblivious_trees[3].leaf_values: ...} rather than
 * just what is wrong. The typed views ({@link #object()}, {@link #number()}, ...) are those
 * checks' first line: each returns the value or an error at this value ("expected a number, got
 * a string").
 *
 * <p>Objects keep document order. A JSON {@code null} is a value of kind {@link Kind#NULL}; a
 * missing key is Java's {@code null} from {@link #get}. Numbers: an integer that fits a long is
 * kept as that long, anything else as the double {@link Double#parseDouble} gives.
 *
 * <p>Immutable once read. For startup and reload: a tree costs a few objects per value.
 */
public final class JsonValue {

    /** What a value is, with the words messages use for it. */
    public enum Kind {
        OBJECT("an object"), ARRAY("an array"), STRING("a string"), NUMBER("a number"), BOOLEAN("a boolean"),
        NULL("null");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        /** The kind of value a token starts, for a streaming reader's messages. */
        public static Kind of(JsonToken token) {
            return switch (token) {
                case START_OBJECT -> OBJECT;
                case START_ARRAY -> ARRAY;
                case VALUE_STRING -> STRING;
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> NUMBER;
                case VALUE_TRUE, VALUE_FALSE -> BOOLEAN;
                case VALUE_NULL -> NULL;
                default -> throw new IllegalArgumentException(token + " starts no value");
            };
        }

        @Override
        public String toString() {
            return description;
        }
    }

    private final Kind kind;
    /** Map, List, String, Long or Double, Boolean, or null: by kind. */
    private final Object value;
    private final JsonValue parent;
    /** This value's key in its parent object, or null in an array or at the top. */
    private final String key;
    /** This value's index in its parent array, or -1. */
    private final int index;
    private final int line;
    private final int column;

    private JsonValue(Kind kind, Object value, JsonValue parent, String key, int index, JsonLocation at) {
        this.kind = kind;
        this.value = value;
        this.parent = parent;
        this.key = key;
        this.index = index;
        this.line = at.getLineNr();
        this.column = at.getColumnNr();
    }

    /** The value the parser stands on, its first token current; leaves the parser on its last. */
    static JsonValue read(JsonParser parser) throws IOException {
        return read(parser, null, null, -1);
    }

    private static JsonValue read(JsonParser parser, JsonValue parent, String key, int index) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                Map<String, JsonValue> members = new LinkedHashMap<>();
                JsonValue object = new JsonValue(Kind.OBJECT, Collections.unmodifiableMap(members), parent, key, index, at);
                // the parser refuses duplicate keys (StrictJson), so put never replaces
                for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                    parser.nextToken();
                    members.put(name, read(parser, object, name, -1));
                }
                yield object;
            }
            case START_ARRAY -> {
                List<JsonValue> elements = new ArrayList<>();
                JsonValue array = new JsonValue(Kind.ARRAY, Collections.unmodifiableList(elements), parent, key, index, at);
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    elements.add(read(parser, array, null, elements.size()));
                }
                yield array;
            }
            case VALUE_STRING -> new JsonValue(Kind.STRING, parser.getText(), parent, key, index, at);
            case VALUE_NUMBER_INT -> new JsonValue(Kind.NUMBER, integer(parser), parent, key, index, at);
            case VALUE_NUMBER_FLOAT -> new JsonValue(Kind.NUMBER, parser.getDoubleValue(), parent, key, index, at);
            case VALUE_TRUE -> new JsonValue(Kind.BOOLEAN, Boolean.TRUE, parent, key, index, at);
            case VALUE_FALSE -> new JsonValue(Kind.BOOLEAN, Boolean.FALSE, parent, key, index, at);
            case VALUE_NULL -> new JsonValue(Kind.NULL, null, parent, key, index, at);
            default -> throw new IllegalStateException("a value cannot start with " + token);
        };
    }

    /** An integer token: the long it is, or where no long is that number (beyond a long, or -0) its double. */
    private static Object integer(JsonParser parser) throws IOException {
        if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return Double.parseDouble(parser.getText());
        }
        long value = parser.getLongValue();
        return value == 0 && parser.getText().startsWith("-") ? (Object) (-0.0) : (Object) value;
    }

    public Kind kind() {
        return kind;
    }

    public boolean is(Kind k) {
        return kind == k;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** Where this value sits: {@code features_info.float_features[0].borders}; empty for the document. */
    public String path() {
        if (parent == null) {
            return "";
        }
        return key != null ? KeyPath.member(parent.path(), key) : KeyPath.element(parent.path(), index);
    }

    /** The path a member {@code name} of this value has, whether or not it is there. */
    public String pathOf(String name) {
        return KeyPath.member(path(), name);
    }

    /** An error at this value. */
    public JsonFormatException error(String reason) {
        return new JsonFormatException(line, column, path(), reason);
    }

    /** An error about a member of this object, reported at the object (the member may be missing). */
    public JsonFormatException error(String name, String reason) {
        return new JsonFormatException(line, column, pathOf(name), reason);
    }

    /** This object's member {@code name}, or null where it has none (or this is not an object). */
    public JsonValue get(String name) {
        return kind == Kind.OBJECT ? members().get(name) : null;
    }

    /** This object's member {@code name}; missing is an error ("is missing"). */
    public JsonValue required(String name) throws JsonFormatException {
        JsonValue member = object().get(name);
        if (member == null) {
            throw error(name, "is missing");
        }
        return member;
    }

    /** True for an object or array with something in it, or a scalar other than null. */
    public boolean nonEmpty() {
        return switch (kind) {
            case OBJECT -> !members().isEmpty();
            case ARRAY -> !elements().isEmpty();
            case NULL -> false;
            default -> true;
        };
    }

    /** This value, which must be an object. */
    public JsonValue object() throws JsonFormatException {
        expect(Kind.OBJECT);
        return this;
    }

    /** An object's members in document order; unmodifiable. */
    public Map<String, JsonValue> members() {
        if (kind != Kind.OBJECT) {
            throw new IllegalStateException(path() + " is " + kind + ", not an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, JsonValue> members = (Map<String, JsonValue>) value;
        return members;
    }

    /** This value's elements; it must be an array. Unmodifiable. */
    public List<JsonValue> array() throws JsonFormatException {
        expect(Kind.ARRAY);
        return elements();
    }

    private List<JsonValue> elements() {
        @SuppressWarnings("unchecked")
        List<JsonValue> elements = (List<JsonValue>) value;
        return elements;
    }

    public String string() throws JsonFormatException {
        expect(Kind.STRING);
        return (String) value;
    }

    public boolean bool() throws JsonFormatException {
        expect(Kind.BOOLEAN);
        return (Boolean) value;
    }

    /** The number, as Java reads it; always finite (JSON has no other numbers). */
    public double number() throws JsonFormatException {
        expect(Kind.NUMBER);
        return value instanceof Long l ? l : (Double) value;
    }

    /** The number, which must be a whole number that fits a long: written as one, or as a fraction such as 3.0. */
    public long integer() throws JsonFormatException {
        expect(Kind.NUMBER);
        if (value instanceof Long l) {
            return l;
        }
        double d = (Double) value;
        if (d != Math.rint(d) || Math.abs(d) >= 0x1p63) {
            throw error("expected an integer, got " + this);
        }
        return (long) d;
    }

    private void expect(Kind expected) throws JsonFormatException {
        if (kind != expected) {
            throw error("expected " + expected + ", got " + kind);
        }
    }

    /** For messages: a string in quotes, a number or literal as written, a container by its kind. */
    @Override
    public String toString() {
        return switch (kind) {
            case OBJECT, ARRAY -> kind.toString();
            case STRING -> '"' + (String) value + '"';
            case NULL -> "null";
            default -> String.valueOf(value);
        };
    }
}

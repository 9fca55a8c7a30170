package dev.bliss.store.json;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one JSON reader of model files and detection logs: Jackson's streaming parser with the
 * settings that make it strict, and the one way its errors are told.
 *
 * <p>Strict means RFC 8259 and nothing more: no comments, NaN, Infinity, leading zeros, single
 * quotes, unquoted keys, trailing commas or unescaped control characters (Jackson's defaults,
 * switched off here again so that they are read in one place, and tested); a duplicate key is an error
 * (RFC 8259 allows duplicates with any meaning, and a model file or log line that says two
 * things must not train or serve); nothing may follow the document; nesting deeper than
 * {@value #MAX_DEPTH} levels is refused. CatBoost needs none of the extensions: its JSON export
 * writes finite numbers only, and bliss's own writers (the trainer's model export, the
 * detection log) write non-finite values as {@code null}.
 *
 * <p>Numbers read as Java reads them: a fraction or exponent is the double
 * {@link Double#parseDouble} gives, an integer that fits a long is that long, exactly. Jackson's
 * fast double parser (FastDoubleParser, bundled in jackson-core) is on: it rounds correctly,
 * as the JDK does (StrictJsonTest compares the two bit for bit on 200,000 numbers), and a
 * detection log is mostly numbers.
 *
 * <p>Every error is a {@link JsonFormatException} with the line and column of the token and the
 * key path to it; syntax errors say {@code invalid JSON: ...}, in words rather than in Jackson's
 * terms. Thread-safe: the factory is shared, each read has its own parser (Jackson recycles the
 * parser's buffers per thread).
 */
public final class StrictJson {

    /** Deeper than anything a model file or a log line has, shallow enough for any stack. */
    public static final int MAX_DEPTH = 64;

    private static final String BYTE_ORDER_MARK = "\uFEFF";

    private static final JsonFactory FACTORY = strictFactory();

    /** Reads one document from a parser that stands on its first token; may throw either kind of error. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(JsonParser parser) throws IOException, JsonFormatException;
    }

    private StrictJson() {
    }

    private static JsonFactory strictFactory() {
        JsonFactoryBuilder builder = new JsonFactoryBuilder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build());
        // Every JsonReadFeature is a leniency (ALLOW_COMMENTS, ALLOW_TRAILING_COMMA, ...): none.
        // One at a time: jackson-core 2.18.2's disable(first, others...) enables the others.
        for (JsonReadFeature leniency : JsonReadFeature.values()) {
            builder.disable(leniency);
        }
        return builder.build();
    }

    /**
     * Reads {@code text}, which must hold exactly one JSON value (whitespace around it, and a
     * leading byte-order mark, allowed), with {@code reading}: it gets the parser on the
     * value's first token and must consume the value whole, no more. Anything after it is an
     * error, as is an empty text.
     */
    public static <T> T read(String text, Reading<T> reading) throws JsonFormatException {
        String json = text.startsWith(BYTE_ORDER_MARK) ? text.substring(1) : text;
        JsonParser parser;
        try {
            parser = FACTORY.createParser(json);
        } catch (IOException e) {
            throw new IllegalStateException("a parser over a string cannot fail to open", e);
        }
        try (parser) {
            if (parser.nextToken() == null) {
                throw syntax(parser.currentLocation(), "", "unexpected end of the document");
            }
            T value = reading.read(parser);
            expectEnd(parser);
            return value;
        } catch (IOException e) {
            throw error(parser, e);
        }
    }

    /** The document as a tree that keeps every value's position: for formats checked as a whole. */
    public static JsonValue readTree(String text) throws JsonFormatException {
        return read(text, JsonValue::read);
    }

    /**
     * An error at the parser's current token: its position, and the key path to it (for a key
     * token, the path of the object that holds the key).
     */
    public static JsonFormatException error(JsonParser parser, String reason) {
        JsonLocation at = parser.currentTokenLocation();
        boolean atKey = parser.currentToken() == JsonToken.FIELD_NAME;
        return new JsonFormatException(at.getLineNr(), at.getColumnNr(), path(parser.getParsingContext(), !atKey), reason);
    }

    private static void expectEnd(JsonParser parser) throws JsonFormatException {
        JsonToken after;
        try {
            after = parser.nextToken();
        } catch (IOException e) {
            throw syntax(location(parser, e), "", "unexpected text after the end of the document");
        }
        if (after != null) {
            throw syntax(parser.currentTokenLocation(), "", "unexpected text after the end of the document");
        }
    }

    /** Jackson's read failure, told our way: where the parser stopped and what it found there. */
    private static JsonFormatException error(JsonParser parser, IOException e) {
        return syntax(location(parser, e), path(parser.getParsingContext(), true), describe(e));
    }

    private static JsonLocation location(JsonParser parser, IOException e) {
        JsonLocation at = e instanceof JacksonException j ? j.getLocation() : null;
        return at != null ? at : parser.currentLocation();
    }

    private static JsonFormatException syntax(JsonLocation at, String path, String what) {
        return new JsonFormatException(at.getLineNr(), at.getColumnNr(), path, "invalid JSON: " + what);
    }

    /**
     * Jackson's message for its failure, in words: its messages name its own features
     * ({@code enable JsonReadFeature...}), which is advice for a programmer, not for someone
     * whose model file is broken.
     */
    private static String describe(IOException e) {
        String message = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        if (e instanceof JsonEOFException || message.startsWith("Unexpected end-of-input")) {
            return "unexpected end of the document";
        }
        if (e instanceof StreamConstraintsException && message.contains("nesting depth")) {
            return "nested deeper than " + MAX_DEPTH + " levels";
        }
        if (message.startsWith("Duplicate field '")) {
            return "duplicate key \"" + message.substring("Duplicate field '".length(), message.length() - 1) + '"';
        }
        if (message.startsWith("Non-standard token '")) {
            int end = message.indexOf('\'', "Non-standard token '".length());
            return message.substring("Non-standard token '".length(), end) + " is not a JSON value (JSON numbers are finite)";
        }
        if (message.contains("maybe a (non-standard) comment?")) {
            return "comments are not JSON";
        }
        return Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }

    /**
     * The key path to where {@code context} stands: each enclosing object's current key and
     * each enclosing array's current element; the innermost context's own key or element only
     * if {@code includeInnermost} (a key token is not yet inside its value).
     */
    private static String path(JsonStreamContext context, boolean includeInnermost) {
        List<JsonStreamContext> chain = new ArrayList<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            chain.add(c);
        }
        String path = "";
        for (int i = chain.size() - 1; i >= 0; i--) {
            JsonStreamContext c = chain.get(i);
            if (i == 0 && !includeInnermost) {
                break;
            }
            if (c.inObject() && c.getCurrentName() != null) {
                path = KeyPath.member(path, c.getCurrentName());
            } else if (c.inArray() && c.getEntryCount() > 0) {
                path = KeyPath.element(path, c.getCurrentIndex());
            }
        }
        return path;
    }
}

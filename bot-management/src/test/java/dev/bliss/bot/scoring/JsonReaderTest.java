package dev.bliss.bot.scoring;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonReaderTest {

    @Test
    void shouldParseEveryKindOfValue() throws Exception {
        Object v = JsonReader.parse(" {\"a\": [1, -2.5, 3e2, 0, -0.0, 1E-3], \"b\": {\"c\": true, \"d\": false, \"e\": null},"
                + " \"s\": \"x\\\"y\\\\z\\/\\n\\t\\u00e9\\ud83d\\ude00\"}\n");
        Map<?, ?> root = (Map<?, ?>) v;
        assertEquals(List.of(1.0, -2.5, 300.0, 0.0, -0.0, 0.001), root.get("a"));
        Map<?, ?> b = (Map<?, ?>) root.get("b");
        assertEquals(true, b.get("c"));
        assertEquals(false, b.get("d"));
        assertSame(JsonReader.NULL, b.get("e"));
        assertEquals("x\"y\\z/\n\té\uD83D\uDE00", root.get("s"));
        assertEquals(List.of("a", "b", "s"), List.copyOf(root.keySet()));
    }

    @Test
    void shouldParseScalarsAndEmptyContainersAtTheTop() throws Exception {
        assertEquals(42.0, JsonReader.parse("42"));
        assertEquals(Map.of(), JsonReader.parse("{ }"));
        assertEquals(List.of(), JsonReader.parse("[ ]"));
        assertEquals(List.of(List.of()), JsonReader.parse("\uFEFF[[]]"));
    }

    @Test
    void shouldRejectMalformedDocumentsWithLineAndColumn() {
        assertRejected("{\"a\": 1", "line 1, column 8: expected ',' or '}', found the end of the document");
        assertRejected("{\"a\": 1,}", "line 1, column 9: expected a key in quotes, found '}'");
        assertRejected("[1, 2,]", "line 1, column 7: expected a value, found ']'");
        assertRejected("{\n  \"a\": 1,\n  \"a\": 2\n}", "line 3, column 3: duplicate key \"a\"");
        assertRejected("[01]", "a number must not have a leading zero");
        assertRejected("[1.]", "expected a digit after the decimal point");
        assertRejected("[NaN]", "expected a value, found 'N'");
        assertRejected("[-Infinity]", "expected a digit, found 'I'");
        assertRejected("\"abc", "unterminated string");
        assertRejected("\"a\\x\"", "invalid escape \\x");
        assertRejected("\"a\\u12g4\"", "four hex digits");
        assertRejected("\"a\tb\"", "control character U+0009 inside a string");
        assertRejected("{} {}", "line 1, column 4: unexpected '{' after the end of the document");
        assertRejected("", "unexpected end of the document");
        assertRejected("tru", "expected a value, found 't'");
        assertRejected("// comment\n{}", "expected a value, found '/'");
    }

    @Test
    void shouldRefuseNestingDeeperThanTheLimit() throws Exception {
        String ok = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
        JsonReader.parse(ok);
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertRejected(deep, "nested deeper than " + JsonReader.MAX_DEPTH + " levels");
    }

    private static void assertRejected(String text, String expected) {
        ModelRejectedException e = assertThrows(ModelRejectedException.class, () -> JsonReader.parse(text));
        assertTrue(e.getMessage().startsWith("invalid JSON at line "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "expected \"" + expected + "\" in: " + e.getMessage());
    }
}

package dev.bliss.store.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    @Test
    void shouldReadEveryKindOfValueInDocumentOrder() throws Exception {
        JsonValue root = StrictJson.readTree(" {\"b\": [1, -2.5e3, 0.25, -0.0, 1E-3], \"a\": \"x\\\"y\\\\z\\/\\n\\t\\u00e9\\ud83d\\ude00\","
                + " \"o\": {\"t\": true, \"f\": false, \"n\": null}} \n");
        assertEquals(List.of("b", "a", "o"), List.copyOf(root.members().keySet()));
        List<Double> numbers = new ArrayList<>();
        for (JsonValue v : root.required("b").array()) {
            numbers.add(v.number());
        }
        assertEquals(List.of(1.0, -2500.0, 0.25, -0.0, 0.001), numbers);
        assertEquals("x\"y\\z/\n\té\uD83D\uDE00", root.required("a").string());
        JsonValue o = root.required("o").object();
        assertTrue(o.required("t").bool());
        assertFalse(o.required("f").bool());
        assertTrue(o.required("n").is(JsonValue.Kind.NULL), "a present null is a value");
        assertEquals(null, o.get("missing"), "a missing key is no value");
    }

    @Test
    void shouldReadScalarsAndEmptyContainersAtTheTopAndSkipAByteOrderMark() throws Exception {
        assertEquals(42, StrictJson.readTree("42").integer());
        assertTrue(StrictJson.readTree("{ }").members().isEmpty());
        assertEquals(List.of(), StrictJson.readTree("[ ]").array());
        assertEquals(1, StrictJson.readTree("\uFEFF[[]]").array().size());
    }

    @Test
    void shouldRefuseWhatIsNotStrictJsonSayingWhereAndWhat() {
        assertRefused("{\"a\": 1", "1:8: a: invalid JSON: unexpected end of the document");
        assertRefused("{\"a\": 1,}", "1:9: a: invalid JSON: unexpected character ('}' (code 125)): was expecting double-quote");
        assertRefused("[1, 2,]", "1:7: [2]: invalid JSON: unexpected character (']' (code 93)): expected a valid value");
        assertRefused("{\"a\": [1, 2,, 3]}", "1:13: a[2]: invalid JSON: unexpected character (',' (code 44))");
        assertRefused("{\n  \"a\": 1,\n  \"a\": 2\n}", "3:6: a: invalid JSON: duplicate key \"a\"");
        assertRefused("{\"x\": {\"y\": [1, {\"z\": 1, \"z\": 2}]}}", "x.y[1].z: invalid JSON: duplicate key \"z\"");
        assertRefused("[01]", "1:3: [0]: invalid JSON: invalid numeric value: Leading zeroes not allowed");
        assertRefused("[1.]", "invalid JSON: unexpected character (']' (code 93)) in numeric value");
        assertRefused("[NaN]", "1:5: [0]: invalid JSON: NaN is not a JSON value (JSON numbers are finite)");
        assertRefused("[-Infinity]", "invalid JSON: -Infinity is not a JSON value");
        assertRefused("{\"a\": Infinity}", "a: invalid JSON: Infinity is not a JSON value");
        assertRefused("\"abc", "1:5: invalid JSON: unexpected end of the document");
        assertRefused("\"a\\x\"", "1:4: invalid JSON: unrecognized character escape 'x'");
        assertRefused("\"a\\u12g4\"", "1:7: invalid JSON: unexpected character ('g' (code 103)): expected a hex-digit");
        assertRefused("\"a\tb\"", "1:3: invalid JSON: illegal unquoted character ((CTRL-CHAR, code 9))");
        assertRefused("", "1:1: invalid JSON: unexpected end of the document");
        assertRefused("   ", "invalid JSON: unexpected end of the document");
        assertRefused("tru", "1:4: invalid JSON: unrecognized token 'tru'");
        assertRefused("// comment\n{}", "1:1: invalid JSON: comments are not JSON");
        assertRefused("{a:1}", "1:2: invalid JSON: unexpected character ('a' (code 97))");
        assertRefused("{'a':1}", "invalid JSON: unexpected character (''' (code 39))");
        assertRefused("[1 2]", "invalid JSON: unexpected character ('2' (code 50)): was expecting comma");
        assertRefused("-", "invalid JSON: unexpected end of the document");
        assertRefused("1e", "invalid JSON: unexpected end of the document");
        assertRefused("[.5]", "invalid JSON: unexpected character ('.'");
        assertRefused("{} {}", "1:4: invalid JSON: unexpected text after the end of the document");
        assertRefused("{\"a\":1} x", "1:10: invalid JSON: unexpected text after the end of the document");
        assertRefused("1 2", "1:3: invalid JSON: unexpected text after the end of the document");
    }

    @Test
    void shouldRefuseNestingDeeperThanTheLimitWithoutOverflowingTheStack() throws Exception {
        StrictJson.readTree("[".repeat(StrictJson.MAX_DEPTH) + "]".repeat(StrictJson.MAX_DEPTH));
        String one = "[".repeat(StrictJson.MAX_DEPTH + 1) + "]".repeat(StrictJson.MAX_DEPTH + 1);
        assertRefused(one, "invalid JSON: nested deeper than " + StrictJson.MAX_DEPTH + " levels");
        assertRefused("[".repeat(100_000) + "]".repeat(100_000), "nested deeper than " + StrictJson.MAX_DEPTH);
    }

    @Test
    void shouldReadNumbersExactlyAsTheJdkDoes() throws Exception {
        Random random = new Random(17);
        for (int i = 0; i < 200_000; i++) {
            String text = switch (i % 4) {
                case 0 -> Float.toString(Float.intBitsToFloat(random.nextInt()));
                case 1 -> Double.toString(Double.longBitsToDouble(random.nextLong()));
                case 2 -> Float.toString((float) (random.nextGaussian() * Math.pow(10, random.nextInt(12) - 6)));
                default -> (random.nextBoolean() ? "-" : "") + random.nextInt(100_000) + "." + random.nextInt(1_000_000)
                        + (random.nextBoolean() ? "e" + (random.nextInt(60) - 30) : "");
            };
            if (text.contains("N") || text.contains("I")) {
                continue; // NaN and Infinity are not JSON
            }
            assertSameDouble(text);
        }
        for (String edge : List.of("0", "-0", "0.0", "-0.0", "1e22", "1e23", "9007199254740993", "0.000000000000000000001",
                "123456789012345678901234567890", "4.9e-324", "1.7976931348623157e308", "1e-400", "2.2250738585072011e-308")) {
            assertSameDouble(edge);
        }
    }

    @Test
    void shouldReadWholeNumbersThatFitALongWithoutLoss() throws Exception {
        // 2^53 + 1 has no double; a request id or timestamp of that size must not move
        assertEquals(9007199254740993L, StrictJson.readTree("9007199254740993").integer());
        assertEquals(Long.MAX_VALUE, StrictJson.readTree(Long.toString(Long.MAX_VALUE)).integer());
        assertEquals(Long.MIN_VALUE, StrictJson.readTree(Long.toString(Long.MIN_VALUE)).integer());
        assertEquals(3, StrictJson.readTree("3.0").integer());
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> StrictJson.readTree("[1.5]").array().get(0).integer());
        assertEquals("1:2: [0]: expected an integer, got 1.5", e.getMessage());
        assertThrows(JsonFormatException.class, () -> StrictJson.readTree("9223372036854775808").integer());
    }

    @Test
    void shouldReportAValueOfTheWrongKindAtThatValueWithItsPath() throws Exception {
        JsonValue root = StrictJson.readTree("{\"oblivious_trees\": [{}, {}, {},\n {\"leaf_values\": [0.5, \"x\"]}]}");
        JsonValue leaf = root.required("oblivious_trees").array().get(3).required("leaf_values").array().get(1);
        JsonFormatException e = assertThrows(JsonFormatException.class, leaf::number);
        assertEquals("2:24: oblivious_trees[3].leaf_values[1]: expected a number, got a string", e.getMessage());
        assertEquals(2, e.line());
        assertEquals(24, e.column());
        assertEquals("oblivious_trees[3].leaf_values[1]", e.path());
        assertEquals("expected a number, got a string", e.reason());
        JsonValue tree = root.required("oblivious_trees").array().get(0);
        JsonFormatException missing = assertThrows(JsonFormatException.class, () -> tree.required("splits"));
        assertEquals("1:22: oblivious_trees[0].splits: is missing", missing.getMessage());
        JsonFormatException notObject = assertThrows(JsonFormatException.class, () -> StrictJson.readTree("[]").object());
        assertEquals("1:1: expected an object, got an array", notObject.getMessage());
    }

    @Test
    void shouldStreamWithTheSameRulesAndReportAKeyAtItsObject() throws Exception {
        String line = "{\"score\":1,\"features\":{\"a\":1.5,\"b\":\"x\"}}";
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> StrictJson.read(line, p -> {
            while (p.nextToken() != null) {
                if (p.currentToken() == JsonToken.FIELD_NAME && p.currentName().equals("b")) {
                    throw StrictJson.error(p, "not wanted here");
                }
                if (p.currentToken() == JsonToken.VALUE_STRING) {
                    throw StrictJson.error(p, "expected a number");
                }
            }
            return null;
        }));
        assertEquals("1:32: features: not wanted here", e.getMessage());
        JsonFormatException value = assertThrows(JsonFormatException.class, () -> StrictJson.read(line, p -> {
            for (JsonToken t = p.currentToken(); t != JsonToken.VALUE_STRING; t = p.nextToken()) {
                // to the string
            }
            throw StrictJson.error(p, "expected a number");
        }));
        assertEquals("1:36: features.b: expected a number", value.getMessage());
        assertEquals("features.b: expected a number", value.detail());
        // skipping a value still reads it: a duplicate inside what is skipped is refused
        JsonFormatException skipped = assertThrows(JsonFormatException.class,
                () -> StrictJson.read("{\"x\": {\"k\": 1, \"k\": 2}}", p -> p.skipChildren()));
        assertTrue(skipped.getMessage().contains("x.k: invalid JSON: duplicate key \"k\""), skipped.getMessage());
        // a reading that stops early is caught by the no-trailing-text rule, not silently cut
        JsonFormatException early = assertThrows(JsonFormatException.class, () -> StrictJson.read("[1, 2]", p -> p.nextToken()));
        assertTrue(early.getMessage().contains("unexpected text after the end of the document"), early.getMessage());
    }

    private static void assertSameDouble(String text) throws JsonFormatException {
        double expected = Double.parseDouble(text);
        double actual = StrictJson.readTree(text).number();
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), text);
    }

    private static void assertRefused(String text, String expected) {
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> StrictJson.readTree(text), text);
        assertTrue(e.getMessage().matches("\\d+:\\d+: .*"), () -> "no line:column in: " + e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "expected \"" + expected + "\" in: " + e.getMessage());
    }
}

package dev.bliss.training.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonParserTest {

    @Test
    void shouldParseEveryKindOfValueInDocumentOrder() throws Exception {
        Object v = JsonParser.parse(" {\"b\": [1, -2.5e3, 0.25], \"a\": \"x\\n\\u00e9\\\"\", \"t\": true, \"f\": false, \"n\": null} ");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("b", "a", "t", "f", "n"), List.copyOf(m.keySet()));
        assertEquals(List.of(1.0, -2500.0, 0.25), m.get("b"));
        assertEquals("x\n\u00e9\"", m.get("a"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(Boolean.FALSE, m.get("f"));
        assertSame(JsonParser.NULL, m.get("n"));
    }

    @Test
    void shouldRefuseWhatIsNotStrictJson() {
        for (String bad : List.of("{\"a\":1,}", "[1,]", "{\"a\":NaN}", "01", "{\"a\":1} x", "{\"a\":1,\"a\":2}",
                "\"tab\there\"", "{a:1}", "[1 2]", "{\"a\":1", "\"\\x\"", "-", "1.", "1e", "tru", "")) {
            assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(bad), bad);
        }
    }

    @Test
    void shouldSayWhereParsingStopped() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("{\"a\": [1, 2,, 3]}"));
        assertEquals(12, e.offset());
        assertTrue(e.getMessage().endsWith("at character 13"), e.getMessage());
    }

    @Test
    void shouldParseNumbersExactlyAsTheJdkDoes() throws Exception {
        java.util.Random random = new java.util.Random(17);
        for (int i = 0; i < 200_000; i++) {
            String text = switch (i % 4) {
                case 0 -> Float.toString(Float.intBitsToFloat(random.nextInt()));
                case 1 -> Double.toString(Double.longBitsToDouble(random.nextLong()));
                case 2 -> Float.toString((float) (random.nextGaussian() * Math.pow(10, random.nextInt(12) - 6)));
                default -> (random.nextBoolean() ? "-" : "") + random.nextInt(100_000) + "." + random.nextInt(1_000_000)
                        + (random.nextBoolean() ? "e" + (random.nextInt(60) - 30) : "");
            };
            if (text.contains("N") || text.contains("I")) {
                continue;  // NaN and Infinity are not JSON
            }
            double expected = Double.parseDouble(text);
            Object parsed = JsonParser.parse(text);
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits((Double) parsed), text);
        }
        for (String edge : List.of("0", "-0", "0.0", "-0.0", "1e22", "1e23", "9007199254740993", "0.000000000000000000001",
                "123456789012345678901234567890", "4.9e-324", "1.7976931348623157e308", "1e-400")) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(edge)),
                    Double.doubleToRawLongBits((Double) JsonParser.parse(edge)), edge);
        }
    }
}

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
}

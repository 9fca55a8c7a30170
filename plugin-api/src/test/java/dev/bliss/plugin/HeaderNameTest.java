package dev.bliss.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HeaderNameTest {

    @Test
    void shouldLowerCaseAndKeepTheHostKey() {
        assertEquals("user-agent", HeaderName.of("User-Agent").text());
        StringBuilder key = new StringBuilder("accept");
        assertEquals(key, HeaderName.of("Accept", key).lookupKey());
    }

    @Test
    void shouldRefuseWhatIsNotAHeaderName() {
        assertThrows(IllegalArgumentException.class, () -> HeaderName.of(""));
        assertThrows(IllegalArgumentException.class, () -> HeaderName.of("bad name"));
        assertThrows(IllegalArgumentException.class, () -> HeaderName.of("x:y"));
        assertThrows(IllegalArgumentException.class, () -> HeaderName.of("accept", "cookie"));
    }

    @Test
    void shouldBeFoundBySyntheticRequestsByText() {
        RequestView request = new SyntheticRequest().header("User-Agent", "curl/8");
        assertEquals("curl/8", request.header(HeaderName.of("user-agent")).toString());
    }
}

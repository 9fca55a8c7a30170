package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderTest {

    private static final List<Header> CHROME = List.of(new Header("User-Agent", "Chrome"), new Header("Accept", "text/html"),
            new Header("Referer", "http://shop/"), new Header("Accept-Language", "en"));

    @Test
    void shouldEditAHeaderInItsPlaceAndKeepTheOrder() {
        assertEquals("http://shop/", Header.value(CHROME, "referer"));
        assertNull(Header.value(CHROME, "Cookie"));
        assertEquals(List.of(new Header("User-Agent", "Chrome"), new Header("Accept", "text/html"),
                new Header("Referer", "http://shop/a"), new Header("Accept-Language", "en")), Header.with(CHROME, "referer", "http://shop/a"));
        assertEquals(new Header("Cookie", "sid=1"), Header.with(CHROME, "Cookie", "sid=1").getLast(), "a new header goes last");
        assertEquals(3, Header.with(CHROME, "Referer", null).size(), "null removes");
        assertSame(CHROME, Header.replaced(CHROME, "Sec-Fetch-Site", "same-origin"), "replaced adds nothing");
        assertEquals("same-origin", Header.value(Header.replaced(Header.with(CHROME, "Sec-Fetch-Site", "none"), "Sec-Fetch-Site",
                "same-origin"), "sec-fetch-site"));
    }
}

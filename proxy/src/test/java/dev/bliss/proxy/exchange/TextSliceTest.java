package dev.bliss.proxy.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A slice shows readers its string when it spans all of it, and itself otherwise. */
class TextSliceTest {

    @Test
    void shouldShowTheStringItselfWhenTheSliceSpansAllOfIt() {
        String target = "/index.html";
        TextSlice path = new TextSlice().set(target, 0, target.length());
        assertSame(target, path.shown(), "readers' String fast paths apply to a target without a query");
    }

    @Test
    void shouldShowItselfForPartOfAString() {
        String target = "/search?q=bots";
        TextSlice path = new TextSlice().set(target, 0, 7);
        TextSlice query = new TextSlice().set(target, 8, target.length());
        assertSame(path, path.shown());
        assertEquals("/search", path.shown().toString());
        assertEquals("q=bots", query.shown().toString());
        assertEquals(0, new TextSlice().set(target, 3, 3).shown().length());
    }
}

package dev.bliss.store.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** A path's template and number: its last run of digits, taken out of the template. */
class PathTemplateTest {

    @Test
    void shouldTakeTheLastNumberOutOfTheTemplate() {
        assertEquals(123, PathTemplate.number("/products/123"));
        assertEquals(PathTemplate.templateHash("/products/123"), PathTemplate.templateHash("/products/124"));
        assertEquals(PathTemplate.templateHash("/products/1"), PathTemplate.templateHash("/products/400"),
                "the number's length is not part of the template");
        assertEquals(55, PathTemplate.number("/api/v2/items/55.json"));
        assertEquals(PathTemplate.templateHash("/api/v2/items/55.json"), PathTemplate.templateHash("/api/v2/items/56.json"));
        assertEquals(7, PathTemplate.number("/blog/007"), "leading zeros read as the number");
    }

    @Test
    void shouldKeepTheNumbersBeforeTheLastInTheTemplate() {
        assertEquals(5, PathTemplate.number("/v1/items/5"));
        assertNotEquals(PathTemplate.templateHash("/v1/items/5"), PathTemplate.templateHash("/v2/items/5"),
                "another API version is another collection");
        assertNotEquals(PathTemplate.templateHash("/products/5"), PathTemplate.templateHash("/blog/5"));
    }

    @Test
    void shouldTellWhereTheNumberWasTakenFrom() {
        assertNotEquals(PathTemplate.templateHash("/a1/b"), PathTemplate.templateHash("/a/1b"));
        assertNotEquals(PathTemplate.templateHash("/a/1"), PathTemplate.templateHash("/a/"),
                "a path with a number is not the path without it");
    }

    @Test
    void shouldHashAPathWithoutANumberAsItself() {
        assertEquals(PathTemplate.NO_NUMBER, PathTemplate.number("/products"));
        assertEquals(PathTemplate.NO_NUMBER, PathTemplate.number(""));
        assertEquals(DimensionKeys.chars("/products", 0, 9, false), PathTemplate.templateHash("/products"));
        assertEquals(dev.bliss.store.events.RequestEventLayout.NO_PAGE_NUMBER, PathTemplate.NO_NUMBER,
                "the ring carries PathTemplate's marker as it is");
    }

    @Test
    void shouldReadARunTooLongForACounterAsNoNumber() {
        String eighteen = "/t/123456789012345678";
        assertEquals(123456789012345678L, PathTemplate.number(eighteen));
        String nineteen = "/t/1234567890123456789";
        assertEquals(PathTemplate.NO_NUMBER, PathTemplate.number(nineteen));
        assertEquals(DimensionKeys.chars(nineteen, 0, nineteen.length(), false), PathTemplate.templateHash(nineteen));
        assertEquals(9, PathTemplate.number("9"), "a run at the very start");
    }

    @Test
    void shouldGiveTheSameFromTheSpanFoundOnceAndTheTwoScans() {
        for (String path : new String[] {"/products/123", "/products", "", "/t/1234567890123456789", "/a1/b", "9"}) {
            long span = PathTemplate.numberSpan(path);
            long pathHash = DimensionKeys.chars(path, 0, path.length(), false);
            assertEquals(PathTemplate.number(path), PathTemplate.number(path, span), path);
            assertEquals(PathTemplate.templateHash(path), PathTemplate.templateHash(path, span, pathHash), path);
        }
        assertEquals(PathTemplate.NO_SPAN, PathTemplate.numberSpan("/products"));
        assertEquals(10L << 32 | 13, PathTemplate.numberSpan("/products/123"));
    }
}

package dev.bliss.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.ScoreSource;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefusedCookieAugmentationTest {

    private static final List<String> NAMES = List.of("has_cookie", "ip.ratio_cookie_10m", "ip.pages_10m",
            "cookie.distinct_ua_1h", "tls_agrees", "header_count", "session_moved");

    /**
     * Rows 0-1 people; rows 2-5 bots: 2 refused (no cookie, an address with 3 pages, none with one),
     * 3 on its first page (no history yet), 4 returned it, 5 from an address that sent one before.
     */
    private static Dataset traffic() {
        float[][] columns = {
            {1, 1, 0, 0, 1, 0},            // has_cookie
            {0.9f, 0.8f, 0, 0, 0.5f, 0.4f}, // ip.ratio_cookie_10m
            {4, 6, 3, 0, 5, 5},            // ip.pages_10m
            {1, 1, 0, 0, 1, 0},            // cookie.distinct_ua_1h
            {1, 1, 0, 0, 0, 0},            // tls_agrees
            {19, 21, 17, 17, 17, 17},      // header_count
            {0, 1, -1, -1, 0, -1},         // session_moved
        };
        boolean[] automated = {false, false, true, true, true, true};
        ScoreSource[] sources = new ScoreSource[6];
        Arrays.fill(sources, ScoreSource.MACHINE_LEARNING);
        return new Dataset(NAMES, columns, automated, new int[] {0, 0, 1, 1, 1, 1}, List.of("human", "ua_rotator"),
                new String[] {"p1", "p2", "b1", "b2", "b3", "b4"}, sources, new int[6]);
    }

    @Test
    void shouldCopyTheBotsThatRefusedTheCookieWithEverythingElseFromOnePerson() {
        Dataset in = traffic();
        Dataset out = RefusedCookieAugmentation.apply(in, 3, in.rowCount());

        assertEquals(7, out.rowCount(), "only row 2 refused: 3 had no history yet, 4 returned it, 5's address had sent one");
        float[] copy = out.row(6, new float[NAMES.size()]);
        assertEquals(in.group(2), out.group(6));
        assertTrue(out.automated(6));
        assertEquals("[0.0, 0.0, 3.0, 0.0]", Arrays.toString(Arrays.copyOf(copy, 4)),
                "the refusal and the cookie dimension stay the bot's");
        assertEquals(1f, copy[4], "the rest is a person's");
        assertTrue(copy[5] == 19 || copy[5] == 21, "one person's header count: " + copy[5]);
        assertEquals(-1f, copy[6], "no cookie, no session: the bot's");
    }

    @Test
    void shouldCopyOnlyTheSourceRowsAndNameAMissingInput() {
        Dataset twice = RefusedCookieAugmentation.apply(traffic(), 3, 6);
        assertEquals(8, RefusedCookieAugmentation.apply(twice, 4, 6).rowCount(), "its own copy is not copied again");

        Dataset noPages = traffic().withFeatures(List.of("has_cookie", "ip.ratio_cookie_10m", "tls_agrees"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RefusedCookieAugmentation.apply(noPages, 1, 6));
        assertEquals("input ip.pages_10m is not among the selected features", e.getMessage());

        Dataset kept = traffic().rows(new int[] {0, 1, 3, 4, 5});
        assertSame(kept, RefusedCookieAugmentation.apply(kept, 1, 5));
    }
}

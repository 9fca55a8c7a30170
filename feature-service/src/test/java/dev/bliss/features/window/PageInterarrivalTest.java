package dev.bliss.features.window;

import static dev.bliss.features.window.SlidingWindowEstimatesTest.KEY;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.MINUTE;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.T0;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.f;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.request;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.schema;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.Aggregation;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pace of a client's pages, its assets left out: a browser that fetches a page's stylesheet,
 * script and images right after it has a small mean gap between requests whatever its pace, but
 * its page gaps are its clicks (or its script's timer). Checked against hand-computed values.
 */
class PageInterarrivalTest {

    private static SlidingWindows windows() {
        return new SlidingWindows(schema(
                f("page_gap_1m", Aggregation.MEAN_PAGE_INTERARRIVAL, Duration.ofMinutes(1), -1),
                f("page_gap_cv_10m", Aggregation.CV_PAGE_INTERARRIVAL, Duration.ofMinutes(10), -1),
                f("gap_10m", Aggregation.MEAN_INTERARRIVAL, Duration.ofMinutes(10), -1)), Map.of());
    }

    private static void page(SlidingWindows w, long t, int assets) {
        request(w, t, 200, 0);
        for (int a = 1; a <= assets; a++) {
            request(w, t + 20L * a, 200, RequestEventLayout.FLAG_STATIC);
        }
    }

    @Test
    void shouldMeasureTheGapsBetweenPagesNotBetweenAPageAndItsAssets() {
        SlidingWindows crawler = windows();
        for (int p = 0; p < 10; p++) {
            page(crawler, T0 + 600L * p, 3);  // a page every 600 ms, three assets 20 ms apart after each
        }
        float[] v = vector(crawler, T0 + 6_000);
        assertEquals(0.6f, v[0], 1e-4f, "nine page gaps of 0.6 s");
        assertEquals(0f, v[1], 1e-2f, "a timer's pace: no spread");
        // 39 gaps: per page 3 of 0.02 s, and 9 of 0.54 s from the last asset to the next page
        assertEquals((30 * 0.02f + 9 * 0.54f) / 39, v[2], 1e-4f, "all requests: the assets hide the pace");
    }

    @Test
    void shouldTellAPersonsIrregularClicksFromTheirAssets() {
        SlidingWindows person = windows();
        long[] clicks = {0, 4_000, 19_000, 21_000, 45_000};
        for (long c : clicks) {
            page(person, T0 + c, 5);
        }
        float[] v = vector(person, T0 + 50_000);
        double[] gaps = {4, 15, 2, 24};
        double mean = (4 + 15 + 2 + 24) / 4.0;
        double variance = 0;
        for (double g : gaps) {
            variance += g * g / gaps.length;
        }
        variance -= mean * mean;
        assertEquals(mean, v[0], 1e-4);
        assertEquals(Math.sqrt(variance) / mean, v[1], 1e-3);
    }

    @Test
    void shouldKeepTheDefaultUntilTheSecondPage() {
        SlidingWindows w = windows();
        page(w, T0, 8);
        float[] v = vector(w, T0 + 1_000);
        assertEquals(-1f, v[0], "one page, however many assets: no page gap yet");
        assertEquals(-1f, v[1]);
        page(w, T0 + 2_000, 0);
        v = vector(w, T0 + 3_000);
        assertEquals(2f, v[0], 1e-4f, "the second page's gap is to the first page, not to its last asset");
        assertEquals(-1f, v[1], "a spread needs two gaps");
    }

    @Test
    void shouldCapAGapAtTheWindowAndForgetItOnceTheWindowHasPassed() {
        SlidingWindows w = windows();
        page(w, T0, 0);
        page(w, T0 + 5 * MINUTE, 0);
        float[] v = vector(w, T0 + 5 * MINUTE + 1_000);
        assertEquals(60f, v[0], 1e-3f, "a 5-minute gap counts as the 1-minute window's length");
        assertEquals(-1f, vector(w, T0 + 7 * MINUTE)[0], "no page in the last minute: the default");
    }
}

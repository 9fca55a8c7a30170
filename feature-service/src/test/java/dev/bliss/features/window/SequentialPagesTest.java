package dev.bliss.features.window;

import static dev.bliss.features.window.SlidingWindowEstimatesTest.KEY;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.MINUTE;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.T0;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.f;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.schema;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.PathTemplate;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The page-order share: of a key's numbered pages, those that continue its previous numbered page
 * in order; and the count of those steps. A catalogue walker reads product n, then n + 1; a person jumps between related
 * products, listings and posts. Real paths go through {@link PathTemplate} as the proxy sends them.
 */
class SequentialPagesTest {

    private static SlidingWindows windows() {
        return new SlidingWindows(schema(
                f("sequential_pages_10m", Aggregation.RATIO_SEQUENTIAL_PAGES, Duration.ofMinutes(10), -1),
                f("pages_10m", Aggregation.PAGE_COUNT, Duration.ofMinutes(10), 0),
                f("sequential_steps_10m", Aggregation.SEQUENTIAL_PAGES, Duration.ofMinutes(10), 0)), Map.of());
    }

    private static void get(SlidingWindows w, long t, String path, int flags) {
        w.dimension(0).update(KEY, t, SlidingWindows.predicates(200, flags, 20, RequestEventLayout.CHALLENGE_NONE), 1,
                DimensionKeys.text(path), PathTemplate.templateHash(path), PathTemplate.number(path), KEY, true);
    }

    private static void page(SlidingWindows w, long t, String path) {
        get(w, t, path, 0);
    }

    @Test
    void shouldSeeAWalkerReadingTheCatalogueInOrderThroughItsListingPages() {
        SlidingWindows w = windows();
        long t = T0;
        int product = 37;
        for (int p = 0; p < 12; p++) {
            t += 20_000 + 9_000L * (p % 5); // a slow walker: 20–56 s a page
            if (p % 4 == 3) {
                page(w, t, "/products"); // a listing now and then: no number, neither a step nor a break
            } else {
                page(w, t, "/products/" + product++);
            }
        }
        // nine products: eight numbered pages after a numbered page, every one a step
        assertEquals(1f, vector(w, t + 1_000)[0], 1e-6f);
        assertEquals(8f, vector(w, t + 1_000)[2], 1e-6f, "eight steps");
    }

    @Test
    void shouldCountTheStepsOfAWalkWhereTheShareCannotTellItFromTwoPages() {
        SlidingWindows person = windows();
        page(person, T0, "/products/12");
        page(person, T0 + 9_000, "/products/13"); // a person's next product, by chance one apart
        SlidingWindows walker = windows();
        for (int p = 0; p < 7; p++) {
            page(walker, T0 + 70_000L * p, "/products/" + (300 + p));
        }
        float[] a = vector(person, T0 + 10_000);
        float[] b = vector(walker, T0 + 7 * 70_000L);
        assertEquals(a[0], b[0], "the share: 1.0 for both");
        assertEquals(1f, a[2], 1e-6f);
        assertEquals(6f, b[2], 1e-6f, "the count tells them apart");
    }

    @Test
    void shouldCountAWalkDownwardsButNotAReload() {
        SlidingWindows w = windows();
        page(w, T0, "/products/10");
        page(w, T0 + 1_000, "/products/9");
        page(w, T0 + 2_000, "/products/9");    // reloaded: not a step
        page(w, T0 + 3_000, "/products/8");
        page(w, T0 + 4_000, "/products/10");   // two ahead: not a step
        assertEquals(2 / 4f, vector(w, T0 + 5_000)[0], 1e-6f);
    }

    @Test
    void shouldNotCountAStepIntoAnotherTemplateNorTheAssetsOfAPage() {
        SlidingWindows w = windows();
        page(w, T0, "/products/5");
        for (int i = 1; i <= 20; i++) {
            // a listing's twenty product images, in order: assets, not pages
            get(w, T0 + 10L * i, "/static/img/products/" + i + ".png", RequestEventLayout.FLAG_STATIC);
        }
        page(w, T0 + 1_000, "/blog/6");        // the next number, another template
        page(w, T0 + 2_000, "/blog/7");        // a step
        assertEquals(1 / 2f, vector(w, T0 + 3_000)[0], 1e-6f);
    }

    @Test
    void shouldFindFewStepsInAPersonFollowingLinks() {
        SlidingWindows w = windows();
        SplittableRandom random = new SplittableRandom(18);
        long t = T0;
        int product = 1 + random.nextInt(400);
        for (int p = 0; p < 30; p++) {
            t += 2_000 + random.nextInt(25_000);
            double r = random.nextDouble();
            String path;
            if (r < 0.2) {
                path = random.nextBoolean() ? "/" : "/products";
            } else if (r < 0.35) {
                path = "/blog/" + (1 + random.nextInt(40));
            } else if (r < 0.5) {
                path = "/search";
            } else {
                // a related product, as the lab site's links spread them over the catalogue
                product = 1 + Math.floorMod(product * 31 + (1 + random.nextInt(4)) * 7, 400);
                path = "/products/" + product;
            }
            page(w, t, path);
        }
        float share = vector(w, t + 1_000)[0];
        assertTrue(share >= 0 && share < 0.15f, "a person's numbered pages are rarely one apart, got " + share);
    }

    @Test
    void shouldGiveAWalkerInterleavedWithAPersonsBrowsingAShareBetweenTheTwo() {
        // one address, two clients (a shared NAT): a walker and a person browsing at random
        SlidingWindows w = windows();
        SplittableRandom random = new SplittableRandom(7);
        long t = T0;
        int cursor = 100;
        int walkerSteps = 0;
        for (int p = 0; p < 40; p++) {
            t += 3_000;
            if (p % 2 == 0) {
                page(w, t, "/products/" + cursor++);
            } else {
                page(w, t, "/products/" + (200 + random.nextInt(200)));
            }
        }
        assertEquals(0f, vector(w, t + 1_000)[0], "the person's page between every two of the walker's breaks every step");

        SlidingWindows bursts = windows();
        t = T0;
        cursor = 100;
        for (int p = 0; p < 40; p++) {
            t += 3_000;
            // the walker reads three in a row, then the person clicks once
            if (p % 4 == 3) {
                page(bursts, t, "/products/" + (200 + random.nextInt(200)));
            } else {
                page(bursts, t, "/products/" + cursor++);
                walkerSteps += p % 4 == 0 ? 0 : 1;
            }
        }
        float share = vector(bursts, t + 1_000)[0];
        assertEquals(20, walkerSteps);
        assertEquals(walkerSteps / 39f, share, 1e-6f, "two steps in every four numbered pages, of 39 after a first");
        assertTrue(share > 0.4f && share < 0.6f, "between a walker's 1 and a person's 0, got " + share);
    }

    @Test
    void shouldKeepTheDefaultUntilTheSecondNumberedPage() {
        SlidingWindows w = windows();
        page(w, T0, "/");
        page(w, T0 + 1_000, "/products/1");
        page(w, T0 + 2_000, "/products");
        assertEquals(-1f, vector(w, T0 + 3_000)[0], "one numbered page: nothing to compare yet");
        page(w, T0 + 4_000, "/products/2");
        assertEquals(1f, vector(w, T0 + 5_000)[0], 1e-6f);
    }

    @Test
    void shouldLeaveAStepCountedInThePreviousBucketWithTheShareOfItStillInTheWindow() {
        SlidingWindows w = windows();
        long bucket = 10 * MINUTE;
        long start = T0 + bucket - 10_000; // late in the first 10-minute bucket
        page(w, start, "/products/1");
        page(w, start + 1_000, "/products/2");
        page(w, start + 2_000, "/products/3");
        page(w, T0 + bucket + 1_000, "/products/300"); // in the next bucket: a jump
        page(w, T0 + bucket + 2_000, "/products/50");  // a jump
        float[] v = vector(w, T0 + bucket + bucket / 2);
        // half the previous bucket still in the window: steps 2 × 0.5, numbered pages after one 2 × 0.5 + 2
        assertEquals(1f / 3f, v[0], 1e-4f);
        assertEquals(1f, v[2], 1e-4f, "the steps' count, weighed the same way");
    }
}

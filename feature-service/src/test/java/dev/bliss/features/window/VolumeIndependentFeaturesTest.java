package dev.bliss.features.window;

import static dev.bliss.features.window.SlidingWindowEstimatesTest.MINUTE;
import static dev.bliss.features.window.SlidingWindowEstimatesTest.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.DimensionKeys;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.FeatureSpec;
import dev.bliss.store.schema.KeySource;
import dev.bliss.store.schema.SchemaDimension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The aggregations that do not grow with the site's traffic or yield to asset loading:
 * requests per distinct client address of a shared key, requests that are not static resources,
 * and the share of requests a consistency check flagged; checked against hand-counted values.
 */
class VolumeIndependentFeaturesTest {

    private static final long JA4 = 7;

    private static SlidingWindows ja4Windows() {
        Duration h = Duration.ofHours(1);
        FeatureSchema schema = new FeatureSchema(List.of(), List.of(
                new SchemaDimension("ip", KeySource.CLIENT_IP, null, List.of(
                        new FeatureSpec("reqs_1h", Aggregation.COUNT, h, 0))),
                new SchemaDimension("ja4", KeySource.JA4, null, List.of(
                        new FeatureSpec("reqs_per_ip_1h", Aggregation.REQUESTS_PER_IP, h, 0),
                        new FeatureSpec("distinct_ips_1h", Aggregation.DISTINCT_IPS, h, 0),
                        new FeatureSpec("pages_1h", Aggregation.PAGE_COUNT, h, 0),
                        new FeatureSpec("inconsistent_1h", Aggregation.RATIO_INCONSISTENT, h, -1)))));
        return new SlidingWindows(schema, Map.of());
    }

    private static float[] ja4Vector(SlidingWindows w, long now) {
        FeatureFrame frame = new FeatureFrame(new int[] {1, 4});
        w.fillWholeFrame(frame, now);
        for (int i = 0; i < frame.count(1); i++) {
            if (frame.keys(1)[i] == JA4) {
                return java.util.Arrays.copyOfRange(frame.vectors(1), i * 4, (i + 1) * 4);
            }
        }
        throw new AssertionError("no vector for the ja4 key");
    }

    private static void request(SlidingWindows w, long t, long ip, int flags) {
        long key = DimensionKeys.clientIp(0, 0xFFFF_C633_6400L + ip); // 198.51.100.0 + ip, IPv4-mapped
        w.dimension(1).update(JA4, t, SlidingWindows.predicates(200, flags, 20, RequestEventLayout.CHALLENGE_NONE), 1, 2, key, true);
    }

    @Test
    void shouldCountRequestsPerClientWhateverTheVolume() {
        SlidingWindows small = ja4Windows();
        SlidingWindows large = ja4Windows();
        // the same behaviour, 3 requests per client, from 10 and from 1,000 clients
        for (int c = 0; c < 1_000; c++) {
            for (int r = 0; r < 3; r++) {
                if (c < 10) {
                    request(small, T0 + c * 10L + r, 1_000 + c, 0);
                }
                request(large, T0 + c * 10L + r, 1_000 + c, 0);
            }
        }
        float[] s = ja4Vector(small, T0 + MINUTE);
        float[] l = ja4Vector(large, T0 + MINUTE);
        assertEquals(3, s[0], 3 * 0.07, "10 clients: requests per client (linear counting over 128 registers at 10 values)");
        assertEquals(3, l[0], 3 * 2 * 0.092, "1,000 clients: the same, within twice the HyperLogLog's standard error (9.2 %)");
        assertEquals(100, l[1] / s[1], 100 * 0.2, "while distinct addresses grew a hundredfold");
    }

    @Test
    void shouldCountPagesWithoutAssetsAndTheShareOfInconsistentRequests() {
        SlidingWindows w = ja4Windows();
        for (int i = 0; i < 10; i++) {
            request(w, T0 + i * 1_000L, 1, i < 4 ? RequestEventLayout.FLAG_INCONSISTENT : 0);           // 10 pages
            for (int a = 0; a < 5; a++) {
                request(w, T0 + i * 1_000L + 10 + a, 1, RequestEventLayout.FLAG_STATIC);              // 50 assets
            }
        }
        float[] v = ja4Vector(w, T0 + MINUTE);
        assertEquals(10, v[2], 1e-3, "pages: the 50 assets do not count");
        assertEquals(4 / 60f, v[3], 1e-4, "4 of 60 requests flagged");
    }
}

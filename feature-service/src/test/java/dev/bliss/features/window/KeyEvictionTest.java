package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.FeatureSpec;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keys idle longer than their dimension's longest window leave the frame and free their
 * record, which a new key then reuses: memory follows the active keys, not all keys ever seen.
 * A full dimension refuses new keys and counts them.
 */
class KeyEvictionTest {

    private static final long T0 = SlidingWindowEstimatesTest.T0;

    @Test
    void shouldEvictKeysIdlePastTheLongestWindowAndReuseTheirRecords() {
        SlidingWindows w = new SlidingWindows(SlidingWindowEstimatesTest.schema(
                new FeatureSpec("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0),
                new FeatureSpec("reqs_10m", Aggregation.COUNT, Duration.ofMinutes(10), 0)), Map.of());
        DimensionWindows ip = w.dimension(0);
        for (long k = 0; k < 1000; k++) {
            ip.update(k, T0 + k, 0, 0, 0, 0, false);
        }
        ip.update(5_000, T0 + 9 * 60_000, 0, 0, 0, 0, false);
        FeatureFrame frame = new FeatureFrame(new int[] {2});

        w.fillWholeFrame(frame, T0 + 9 * 60_000 + 1);
        assertEquals(1001, frame.count(0), "nine minutes: every key is still inside its 10-minute window");

        w.fillWholeFrame(frame, T0 + 10 * 60_000 + 1_000);
        assertEquals(1, frame.count(0), "ten minutes and a second: only the late key is left");
        assertEquals(5_000, frame.keys(0)[0]);
        assertEquals(1000, w.evictedKeys());
        assertEquals(1, ip.activeKeys());
        int limit = ip.recordLimit();

        for (long k = 10_000; k < 10_500; k++) {
            ip.update(k, T0 + 11 * 60_000, 0, 0, 0, 0, false);
        }
        assertEquals(limit, ip.recordLimit(), "new keys take the evicted keys' records");
        assertEquals(501, ip.activeKeys());
    }

    @Test
    void shouldRefuseNewKeysBeyondMaxKeysAndCountThem() {
        SlidingWindows w = new SlidingWindows(SlidingWindowEstimatesTest.schema(
                new FeatureSpec("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0)), Map.of("ip", 100L));
        DimensionWindows ip = w.dimension(0);
        for (long k = 0; k < 150; k++) {
            ip.update(k, T0, 0, 0, 0, 0, false);
        }
        assertEquals(100, ip.activeKeys());
        assertEquals(50, ip.refusedKeys());
        ip.update(3, T0 + 1, 0, 0, 0, 0, false);
        assertEquals(50, ip.refusedKeys(), "a known key is always updated");
    }
}

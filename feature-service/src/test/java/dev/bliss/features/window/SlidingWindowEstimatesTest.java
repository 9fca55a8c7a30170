package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.FeatureSpec;
import dev.bliss.store.schema.KeySource;
import dev.bliss.store.schema.SchemaDimension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two-bucket sliding-window estimates, checked against hand-computed values: counts,
 * ratios, inter-arrival mean and coefficient of variation, and the exact zero once a window has
 * passed the last request.
 */
class SlidingWindowEstimatesTest {

    static final long T0 = KeyStateLayout.BASE_MILLIS + 1_000L * 60 * 60 * 24 * 365 * 6; // a minute boundary
    static final long MINUTE = 60_000;
    static final long KEY = 42;

    static FeatureSpec f(String name, Aggregation a, Duration w, float def) {
        return new FeatureSpec(name, a, w, def);
    }

    static FeatureSchema schema(FeatureSpec... features) {
        return new FeatureSchema(List.of(), List.of(new SchemaDimension("ip", KeySource.CLIENT_IP, null, List.of(features))));
    }

    static float[] vector(SlidingWindows windows, long now) {
        FeatureFrame frame = new FeatureFrame(new int[] {windows.dimension(0).vectorLength()});
        windows.fillWholeFrame(frame, now);
        for (int i = 0; i < frame.count(0); i++) {
            if (frame.keys(0)[i] == KEY) {
                return java.util.Arrays.copyOfRange(frame.vectors(0), i * frame.vectorLength(0), (i + 1) * frame.vectorLength(0));
            }
        }
        return null;
    }

    static void request(SlidingWindows w, long t, int status, int flags) {
        w.dimension(0).update(KEY, t, SlidingWindows.predicates(status, flags, 11, RequestEventLayout.CHALLENGE_NONE), 1, 2, KEY, true);
    }

    @Test
    void shouldWeighThePreviousBucketByTheShareStillInTheWindow() {
        SlidingWindows w = new SlidingWindows(schema(f("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0)), Map.of());
        for (int i = 0; i < 10; i++) {
            request(w, T0 + 1_000 * i, 200, 0);        // 10 requests early in bucket 0
        }
        for (int i = 0; i < 4; i++) {
            request(w, T0 + MINUTE + 1_000 * i, 200, 0); // 4 in bucket 1
        }
        assertEquals(10 * 0.95f + 4, vector(w, T0 + MINUTE + 3_000)[0], 1e-3f, "3 s into bucket 1: prev weighs 0.95");
        assertEquals(10 * 0.75f + 4, vector(w, T0 + MINUTE + 15_000)[0], 1e-3f);
        assertEquals(10 * 0.25f + 4, vector(w, T0 + MINUTE + 45_000)[0], 1e-3f);
    }

    @Test
    void shouldTreatTheCurrentBucketAsThePreviousOneOnceTheNextBegins() {
        SlidingWindows w = new SlidingWindows(schema(f("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0)), Map.of());
        for (int i = 0; i < 4; i++) {
            request(w, T0 + 40_000 + 1_000 * i, 200, 0);
        }
        assertEquals(4 * 0.5f, vector(w, T0 + MINUTE + 30_000)[0], 1e-3f);
    }

    @Test
    void shouldBeExactlyZeroOnceTheLastRequestLeftTheWindow() {
        SlidingWindows w = new SlidingWindows(schema(
                f("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0),
                f("reqs_10m", Aggregation.COUNT, Duration.ofMinutes(10), 0)), Map.of());
        request(w, T0 + 50_000, 200, 0);
        float[] v = vector(w, T0 + 50_000 + MINUTE + 1);
        assertEquals(0f, v[0], "a minute and a millisecond after the only request");
        assertEquals(1f, v[1], 1e-3f);
    }

    @Test
    void shouldComputeRatiosOverTheSameWeights() {
        SlidingWindows w = new SlidingWindows(schema(
                f("r4xx", Aggregation.RATIO_4XX, Duration.ofMinutes(1), -1),
                f("r5xx", Aggregation.RATIO_5XX, Duration.ofMinutes(1), -1),
                f("cookie", Aggregation.RATIO_WITH_COOKIE, Duration.ofMinutes(1), -1),
                f("static", Aggregation.RATIO_STATIC, Duration.ofMinutes(1), -1)), Map.of());
        request(w, T0 + 1_000, 404, RequestEventLayout.FLAG_COOKIE);
        request(w, T0 + 2_000, 200, RequestEventLayout.FLAG_COOKIE | RequestEventLayout.FLAG_STATIC);
        request(w, T0 + 3_000, 503, 0);
        request(w, T0 + 4_000, 200, 0);
        float[] v = vector(w, T0 + 5_000);
        assertEquals(0.25f, v[0], 1e-6f);
        assertEquals(0.25f, v[1], 1e-6f);
        assertEquals(0.5f, v[2], 1e-6f);
        assertEquals(0.25f, v[3], 1e-6f);
        float[] later = vector(w, T0 + MINUTE + 3_000);
        assertEquals(0.25f, later[0], 1e-6f, "a ratio of weighted counts does not drift as the bucket ages");
    }

    @Test
    void shouldGiveTheDefaultForARatioOverNoRequests() {
        SlidingWindows w = new SlidingWindows(schema(
                f("r4xx", Aggregation.RATIO_4XX, Duration.ofMinutes(1), -1),
                f("reqs_1h", Aggregation.COUNT, Duration.ofHours(1), 0)), Map.of());
        request(w, T0, 404, 0);
        float[] v = vector(w, T0 + 5 * MINUTE);
        assertEquals(-1f, v[0], "no request in the last minute");
        assertEquals(1f, v[1], 1e-6f);
    }

    @Test
    void shouldMeasureInterArrivalMeanAndVariation() {
        SlidingWindows w = new SlidingWindows(schema(
                f("mean", Aggregation.MEAN_INTERARRIVAL, Duration.ofMinutes(10), -1),
                f("cv", Aggregation.CV_INTERARRIVAL, Duration.ofMinutes(10), -1)), Map.of());
        request(w, T0, 200, 0);
        assertEquals(-1f, vector(w, T0 + 1)[1], "one request has no gap");
        for (int i = 1; i <= 10; i++) {
            request(w, T0 + 2_000L * i, 200, 0); // a robot: every 2 s exactly
        }
        float[] v = vector(w, T0 + 21_000);
        assertEquals(2f, v[0], 1e-5f);
        assertEquals(0f, v[1], 1e-3f);

        SlidingWindows human = new SlidingWindows(schema(
                f("mean", Aggregation.MEAN_INTERARRIVAL, Duration.ofMinutes(10), -1),
                f("cv", Aggregation.CV_INTERARRIVAL, Duration.ofMinutes(10), -1)), Map.of());
        long[] gaps = {1_000, 3_000, 1_000, 3_000}; // mean 2 s, standard deviation 1 s
        long t = T0;
        request(human, t, 200, 0);
        for (long g : gaps) {
            t += g;
            request(human, t, 200, 0);
        }
        float[] h = vector(human, t + 1);
        assertEquals(2f, h[0], 1e-5f);
        assertEquals(0.5f, h[1], 1e-4f);
    }

    @Test
    void shouldCountALateRequestInThePreviousBucketAndDropOlderOnes() {
        SlidingWindows w = new SlidingWindows(schema(f("reqs_1m", Aggregation.COUNT, Duration.ofMinutes(1), 0)), Map.of());
        request(w, T0 + MINUTE + 1_000, 200, 0);
        request(w, T0 + 59_000, 200, 0);          // another event loop's request, a little late
        request(w, T0 - MINUTE, 200, 0);          // far too late for this window
        assertEquals(1, w.dimension(0).lateUpdates());
        assertEquals(1 + 0.5f, vector(w, T0 + MINUTE + 30_000)[0], 1e-3f);
    }
}

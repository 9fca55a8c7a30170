package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.features.cluster.FleetEvents;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser-challenge outcome counts of the shipped schema (ip and ja4, 10 minutes), from
 * events the plugin's own sink wrote to a real ring: exact counts per outcome, a replayed
 * solution counted as failed, cleared requests in none, and the two-bucket decay like any count.
 */
class ChallengeOutcomeFeaturesTest {

    private static final FeatureSchema SCHEMA = FleetEvents.SHIPPED.schema();
    private static final int IP = 0;
    private static final int JA4 = SCHEMA.dimensions().stream().map(d -> d.name()).toList().indexOf("ja4");
    private static final long SCRIPT = 0x0A00_0001L;
    private static final long BROWSER = 0x0A00_0002L;
    /** The start of a 10-minute bucket. */
    private static final long T0 = KeyStateLayout.BASE_MILLIS + 300_000L * 600_000L;

    @TempDir
    Path dir;

    static RequestEvent event(long t, long ip, int path, int challenge) {
        RequestEvent e = FleetEvents.request(t, ip, 1, path, challenge == RequestEventLayout.CHALLENGE_ISSUED ? 403 : 200);
        e.challenge = challenge;
        return e;
    }

    /**
     * A script that is issued six challenges, submits two wrong solutions and replays one it was
     * not issued; a browser issued one, solving it, then let through four times by its clearance.
     * Both share the JA4 of {@link FleetEvents#request}.
     */
    static List<RequestEvent> traffic(long t0) {
        List<RequestEvent> events = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            events.add(event(t0 + 1_000L * i, SCRIPT, i, RequestEventLayout.CHALLENGE_ISSUED));
        }
        events.add(event(t0 + 10_000, SCRIPT, 90, RequestEventLayout.CHALLENGE_FAILED));
        events.add(event(t0 + 11_000, SCRIPT, 90, RequestEventLayout.CHALLENGE_FAILED));
        events.add(event(t0 + 12_000, SCRIPT, 90, RequestEventLayout.CHALLENGE_REPLAYED));
        events.add(event(t0 + 13_000, SCRIPT, 7, RequestEventLayout.CHALLENGE_NONE));
        events.add(event(t0 + 2_000, BROWSER, 1, RequestEventLayout.CHALLENGE_ISSUED));
        events.add(event(t0 + 5_000, BROWSER, 90, RequestEventLayout.CHALLENGE_SOLVED));
        for (int i = 0; i < 4; i++) {
            events.add(event(t0 + 6_000L + i, BROWSER, 10 + i, RequestEventLayout.CHALLENGE_CLEARED));
        }
        return events;
    }

    static float[] vector(FeatureFrame frame, int dimension, long key) {
        int n = frame.vectorLength(dimension);
        for (int i = 0; i < frame.count(dimension); i++) {
            if (frame.keys(dimension)[i] == key) {
                return java.util.Arrays.copyOfRange(frame.vectors(dimension), i * n, (i + 1) * n);
            }
        }
        throw new AssertionError("no vector for key " + key + " of dimension " + dimension);
    }

    static float feature(float[] vector, int dimension, String name) {
        int at = SCHEMA.dimensions().get(dimension).featureNames().indexOf(name);
        if (at < 0) {
            throw new AssertionError("the shipped schema has no " + name + " in dimension " + dimension);
        }
        return vector[at];
    }

    static FeatureFrame frame() {
        return new FeatureFrame(SCHEMA.dimensions().stream().mapToInt(d -> d.features().size()).toArray());
    }

    @Test
    void shouldCountEachOutcomePerAddressAndPerJa4() throws Exception {
        SlidingWindows windows = new SlidingWindows(SCHEMA, FleetEvents.SHIPPED.maxKeys());
        FleetEvents.throughRing(dir, traffic(T0), windows);
        FeatureFrame frame = windows.fillWholeFrame(frame(), T0 + 60_000);

        float[] script = vector(frame, IP, SCRIPT);
        assertEquals(6, feature(script, IP, "challenges_issued_10m"));
        assertEquals(0, feature(script, IP, "challenges_solved_10m"));
        assertEquals(3, feature(script, IP, "challenges_failed_10m"), "two wrong solutions and a replayed one");
        assertEquals(10, feature(script, IP, "reqs_10m"));

        float[] browser = vector(frame, IP, BROWSER);
        assertEquals(1, feature(browser, IP, "challenges_issued_10m"));
        assertEquals(1, feature(browser, IP, "challenges_solved_10m"));
        assertEquals(0, feature(browser, IP, "challenges_failed_10m"), "cleared requests count in no outcome");

        float[] ja4 = vector(frame, JA4, 0x4a4a);
        assertEquals(7, feature(ja4, JA4, "challenges_issued_10m"));
        assertEquals(1, feature(ja4, JA4, "challenges_solved_10m"));
        assertEquals(3, feature(ja4, JA4, "challenges_failed_10m"));
    }

    @Test
    void shouldSlideOutOfTheWindowLikeEveryCount() throws Exception {
        SlidingWindows windows = new SlidingWindows(SCHEMA, FleetEvents.SHIPPED.maxKeys());
        FleetEvents.throughRing(dir, traffic(T0), windows);
        // 12 s into the next bucket (the script's last request 599 s before): the previous bucket weighs 1 - 12/600
        float[] script = vector(windows.fillWholeFrame(frame(), T0 + 612_000), IP, SCRIPT);
        assertEquals(6 * 0.98f, feature(script, IP, "challenges_issued_10m"), 1e-5);
        assertEquals(3 * 0.98f, feature(script, IP, "challenges_failed_10m"), 1e-5);
    }
}

package dev.bliss.training.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The simulation's clock: sends leave in simulated-time order, never faster than the scale allows,
 * and never past a request still in flight that could lead to an earlier one.
 */
class SimulatedClockTest {

    private static final long START = 1_000_000L;
    private static final long MS = 1_000_000L; // nanoseconds

    @Test
    void shouldReleaseInTimeOrderUpToTheSpeedLimit() {
        SimulatedClock<String> clock = new SimulatedClock<>(START, 0, 100); // 100 simulated ms per wall ms
        clock.plan(START + 10_000, "late");
        clock.plan(START + 50, "early");
        clock.plan(START + 50, "early too");
        assertEquals("early", clock.release(MS));
        assertEquals(START + 50, clock.releasedAt());
        // "early" is in flight: nothing after 50 + LOOKAHEAD_MILLIS may go before its response
        assertEquals("early too", clock.release(MS));
        assertNull(clock.release(1000 * MS), "a response is outstanding and could lead to an earlier send");
        assertEquals(-1, clock.nanosUntilDue(1000 * MS), "it waits for a response, not a timer");
        clock.answered(START + 50);
        clock.answered(START + 50);
        assertNull(clock.release(10 * MS), "at 10 wall ms the limit is 1,000 simulated ms past the start");
        assertEquals(90 * MS, clock.nanosUntilDue(10 * MS), "10,000 simulated ms are 100 wall ms at this scale");
        assertEquals("late", clock.release(100 * MS));
        assertEquals(START + 10_000, clock.now());
    }

    @Test
    void shouldStampAWaitingActorWithItsOwnTimeNotTheWallClock() {
        SimulatedClock<String> clock = new SimulatedClock<>(START, 0, 1e9);
        clock.plan(START, "a");
        assertEquals("a", clock.release(MS));
        // answered after a long wall time; the next send is planned from the simulated send time
        clock.answered(START);
        clock.plan(START + SimulatedClock.RESPONSE_MILLIS + 9_000, "a again");
        assertEquals("a again", clock.release(10_000 * MS));
        assertEquals(START + 9_060, clock.releasedAt());
    }

    @Test
    void shouldStampALateSendWithItsPlannedTimeBehindTheClock() {
        SimulatedClock<String> clock = new SimulatedClock<>(START, 0, 1e9);
        clock.plan(START, "slow");
        clock.plan(START + 1_500, "other");
        assertEquals("slow", clock.release(MS));
        assertEquals("other", clock.release(MS), "within the lookahead of the request in flight");
        clock.answered(START);
        clock.plan(START + 100, "slow again");
        assertEquals("slow again", clock.release(MS));
        assertEquals(START + 100, clock.releasedAt(), "its own time, though the clock has reached 1,500");
        assertEquals(START + 1_500, clock.now());
    }
}

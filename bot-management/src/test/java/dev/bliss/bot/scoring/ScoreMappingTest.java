package dev.bliss.bot.scoring;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** score = clamp(round(99 - 98 p), 1, 99), p = sigmoid(raw); 0 when not computable. */
class ScoreMappingTest {

    @Test
    void shouldMapTheEndsAndTheMiddle() {
        assertEquals(99, ScoreMapping.score(0.0));
        assertEquals(50, ScoreMapping.score(0.5));
        assertEquals(1, ScoreMapping.score(1.0));
        assertEquals(50, ScoreMapping.scoreOfRaw(0.0));
        assertEquals(0.5, ScoreMapping.probability(0.0));
    }

    @Test
    void shouldRoundToTheNearestScore() {
        assertEquals(30, ScoreMapping.score(0.70));   // 99 - 68.6 = 30.4
        assertEquals(29, ScoreMapping.score(0.71));   // 99 - 69.58 = 29.42 → 29
        assertEquals(98, ScoreMapping.score(0.01));   // 99 - 0.98 = 98.02
        assertEquals(2, ScoreMapping.score(0.99));    // 99 - 97.02 = 1.98
    }

    @Test
    void shouldSaturateForExtremeRawValues() {
        assertEquals(1, ScoreMapping.scoreOfRaw(1000));
        assertEquals(99, ScoreMapping.scoreOfRaw(-1000));
        assertEquals(1, ScoreMapping.scoreOfRaw(Double.POSITIVE_INFINITY));
        assertEquals(99, ScoreMapping.scoreOfRaw(Double.NEGATIVE_INFINITY));
    }

    @Test
    void shouldBeNotComputedForNaNOrOutOfRange() {
        assertEquals(0, ScoreMapping.scoreOfRaw(Double.NaN));
        assertEquals(0, ScoreMapping.score(-0.1));
        assertEquals(0, ScoreMapping.score(1.1));
    }

    @Test
    void shouldDecreaseAsTheProbabilityOfAutomationRises() {
        int previous = 100;
        for (int i = 0; i <= 10_000; i++) {
            int s = ScoreMapping.score(i / 10_000.0);
            assertTrue(s <= previous && s >= 1 && s <= 99);
            previous = s;
        }
    }
}

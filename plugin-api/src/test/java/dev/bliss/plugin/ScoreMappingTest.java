package dev.bliss.plugin;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** score = clamp(round(29.5 − 10·log10(odds / (69.5/28.5))), 1, 99); 0 when not computable. */
class ScoreMappingTest {

    @Test
    void shouldCrossThirtyWhereTheLinearScaleDid() {
        double p = 69.5 / 98;
        assertEquals(p, ScoreMapping.probabilityBelow(30), 1e-15);
        assertEquals(30, ScoreMapping.score(p - 1e-9));
        assertEquals(29, ScoreMapping.score(p + 1e-9));
        assertEquals(30, ScoreMapping.scoreOfRaw(Math.log(ScoreMapping.ODDS_AT_30) - 1e-9));
        assertEquals(29, ScoreMapping.scoreOfRaw(Math.log(ScoreMapping.ODDS_AT_30) + 1e-9));
    }

    @Test
    void shouldMoveTenPointsForEveryFactorOfTenInTheOdds() {
        // the middle of score s: odds ODDS_AT_30 · 10^((29.5 − s) / 10), x = s exactly
        for (int s = 1; s <= 99; s++) {
            double odds = ScoreMapping.ODDS_AT_30 * Math.pow(10, (29.5 - s) / 10.0);
            assertEquals(s, ScoreMapping.scoreOfRaw(Math.log(odds)), "score " + s);
            assertEquals(Math.min(99, s + 10), ScoreMapping.scoreOfRaw(Math.log(odds / 10)), "a tenth of the odds of " + s);
        }
    }

    @Test
    void shouldReadAsTheJavadocSays() {
        assertEquals(33, ScoreMapping.score(0.5));                 // 29.5 + 10·log10(69.5/28.5) = 33.37
        assertEquals(0.196, ScoreMapping.probabilityBelow(40), 5e-4);   // lt 40: a tenth of the odds lt 30 asks
        assertEquals(0.0238, ScoreMapping.probabilityBelow(50), 5e-5);  // lt 50: a hundredth
        assertEquals(20, ScoreMapping.scoreOfRaw(3.0));            // 29.5 − 4.343·(3 − 0.892) = 20.35
        assertEquals(46, ScoreMapping.scoreOfRaw(-3.0));           // 29.5 + 4.343·3.892 = 46.40
        assertEquals(77, ScoreMapping.scoreOfRaw(-10.0));          // a person the model is sure of
        assertEquals(99, ScoreMapping.score(2e-7));
        assertEquals(98, ScoreMapping.score(3.5e-7));
        assertEquals(1, ScoreMapping.score(0.9995));
        assertEquals(2, ScoreMapping.score(0.9992));
    }

    @Test
    void shouldAgreeOnTheProbabilityAndTheRawValue() {
        for (int i = -400; i <= 400; i++) {
            double raw = i / 20.0;
            double p = ScoreMapping.probability(raw);
            assertEquals(ScoreMapping.scoreOfRaw(raw), ScoreMapping.score(p), "raw " + raw);
        }
    }

    @Test
    void shouldSaturateAtTheEnds() {
        assertEquals(99, ScoreMapping.score(0.0));
        assertEquals(1, ScoreMapping.score(1.0));
        assertEquals(1, ScoreMapping.scoreOfRaw(1000));
        assertEquals(99, ScoreMapping.scoreOfRaw(-1000));
        assertEquals(1, ScoreMapping.scoreOfRaw(Double.POSITIVE_INFINITY));
        assertEquals(99, ScoreMapping.scoreOfRaw(Double.NEGATIVE_INFINITY));
    }

    @Test
    void shouldBeNotComputedForNaNOrOutOfRange() {
        assertEquals(0, ScoreMapping.scoreOfRaw(Double.NaN));
        assertEquals(0, ScoreMapping.score(Double.NaN));
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

    @Test
    void shouldPutEveryThresholdBetweenItsTwoScores() {
        for (int t = 2; t <= 99; t++) {
            double p = ScoreMapping.probabilityBelow(t);
            assertTrue(ScoreMapping.score(p * (1 + 1e-9)) < t, "just above p(" + t + ")");
            assertTrue(ScoreMapping.score(p * (1 - 1e-9)) >= t, "just below p(" + t + ")");
        }
        assertThrows(IllegalArgumentException.class, () -> ScoreMapping.probabilityBelow(1));
        assertThrows(IllegalArgumentException.class, () -> ScoreMapping.probabilityBelow(100));
    }
}

package dev.bliss.training.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.report.BotScore;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The threshold that means a stated precision: the most automated rows above it at that
 * precision, ties kept together, and a calibration anchored on it that puts the score's own
 * threshold (30) exactly there.
 */
class PrecisionThresholdTest {

    @Test
    void shouldTakeTheLowestThresholdThatKeepsThePrecision() {
        // from the top: 8 bots, a person, 2 bots, a person, 3 bots, then people only
        boolean[] labels = {true, true, true, true, true, true, true, true, false, true, true, false, true, true, true,
                false, false, false, false, false};
        double[] raw = new double[labels.length];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = 10 - i;
        }
        // 90 %: 13 bots over 15 rows is 86.7 %, 10 over 11 is 90.9 %: the threshold sits below the 11th row
        PrecisionThreshold t = PrecisionThreshold.fit(raw, labels, 0.9);
        assertEquals(raw[11] + 0.5, t.raw(), 1e-12);
        assertEquals(10 / 11.0, t.precision(), 1e-12);
        assertEquals(10 / 13.0, t.recall(), 1e-12);
        // 100 %: only the 8 above the first person
        assertEquals(raw[8] + 0.5, PrecisionThreshold.fit(raw, labels, 1).raw(), 1e-12);
        // 80 %: 13 of 16 still reaches it (the person below the last bot included), 13 of 17 does not
        assertEquals(13 / 16.0, PrecisionThreshold.fit(raw, labels, 0.8).precision(), 1e-12);
        assertEquals(raw[16] + 0.5, PrecisionThreshold.fit(raw, labels, 0.8).raw(), 1e-12);
    }

    @Test
    void shouldNeverSplitRowsOfEqualRawValue() {
        // a person and a bot tied at the top: precision 1 is not reachable, 0.5 takes both
        double[] raw = {3, 3, 1};
        boolean[] labels = {true, false, false};
        assertThrows(IllegalArgumentException.class, () -> PrecisionThreshold.fit(raw, labels, 1));
        PrecisionThreshold half = PrecisionThreshold.fit(raw, labels, 0.5);
        assertEquals(2, half.raw(), 1e-12);
        assertEquals(0.5, half.precision(), 1e-12);
        // NaN is never above a threshold
        assertEquals(0.5, PrecisionThreshold.fit(new double[] {Double.NaN, 2, 1}, new boolean[] {true, true, false}, 1).recall(), 1e-12);
    }

    @Test
    void shouldPutScore30ExactlyAtTheThreshold() {
        SplittableRandom random = new SplittableRandom(5);
        int n = 20_000;
        double[] raw = new double[n];
        boolean[] labels = new boolean[n];
        for (int i = 0; i < n; i++) {
            labels[i] = random.nextBoolean();
            raw[i] = (labels[i] ? 2 : -2) + 1.5 * gaussian(random);
        }
        PlattCalibration platt = PlattCalibration.fit(raw, labels);
        PrecisionThreshold t = PrecisionThreshold.fit(raw, labels, 0.99);
        PlattCalibration anchored = t.anchor(platt, BotScore.probabilityBelow(30));
        assertEquals(platt.a(), anchored.a(), 0, "the slope is Platt's");
        int flagged = 0;
        int bots = 0;
        for (int i = 0; i < n; i++) {
            int score = BotScore.of(ObliviousTreeModel.sigmoid(anchored.a() * raw[i] + anchored.b()));
            assertEquals(raw[i] > t.raw(), score < 30, "row " + i + " raw " + raw[i] + " score " + score);
            if (score < 30) {
                flagged++;
                bots += labels[i] ? 1 : 0;
            }
        }
        assertTrue(bots >= 0.99 * flagged, bots + " bots of " + flagged + " below 30");
        assertEquals(t.precision(), bots / (double) flagged, 1e-12);
    }

    @Test
    void shouldMapTheScoreBoundaryToItsProbability() {
        double p = BotScore.probabilityBelow(30);
        assertEquals(30, BotScore.of(p - 1e-9));
        assertEquals(29, BotScore.of(p + 1e-9));
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}

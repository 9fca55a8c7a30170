package dev.bliss.training.gbdt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.training.model.FloatFeature;
import dev.bliss.training.model.NanTreatment;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BorderSelectionTest {

    @Test
    void shouldPutOneBorderInEveryGapWhenTheBudgetAllows() {
        FloatFeature f = BorderSelection.select("x", new float[] {3, 1, 2, 2, 1, 3}, 254);
        assertArrayEquals(new float[] {1.5f, 2.5f}, f.borders());
        assertFalse(f.hasNans());
        assertEquals(NanTreatment.AsIs, f.nanTreatment());
        assertEquals(0, f.bin(1f));
        assertEquals(1, f.bin(2f));
        assertEquals(2, f.bin(3f));
    }

    @Test
    void shouldReserveTheLowestFloatAsFirstBorderWhenValuesAreMissing() {
        FloatFeature f = BorderSelection.select("x", new float[] {Float.NaN, 0, 1}, 254);
        assertArrayEquals(new float[] {-Float.MAX_VALUE, 0.5f}, f.borders());
        assertTrue(f.hasNans());
        assertEquals(NanTreatment.AsFalse, f.nanTreatment());
        assertEquals(0, f.bin(Float.NaN));
        assertEquals(1, f.bin(0f));
    }

    @Test
    void shouldFollowQuantilesWithinTheBudgetAndStayStrictlyAscending() {
        Random random = new Random(3);
        float[] values = new float[10_000];
        for (int i = 0; i < values.length; i++) {
            // Half the values are 0: quantiles inside that run collapse into one border.
            values[i] = i % 2 == 0 ? 0f : (float) random.nextGaussian();
        }
        FloatFeature f = BorderSelection.select("x", values, 32);
        float[] b = f.borders();
        assertTrue(b.length <= 32 && b.length >= 16, "borders " + b.length);
        for (int i = 1; i < b.length; i++) {
            assertTrue(b[i] > b[i - 1]);
        }
        // Roughly equal counts between borders above the zero run.
        int[] counts = new int[b.length + 1];
        for (float v : values) {
            counts[f.bin(v)]++;
        }
        int max = 0;
        for (int c : counts) {
            max = Math.max(max, c);
        }
        assertTrue(max >= 5_000 && max < 5_000 + 600, "largest bin " + max);
    }

    @Test
    void shouldPlaceABorderBetweenNeighbouringFloats() {
        float a = 1f;
        float b = Math.nextUp(1f);
        float m = BorderSelection.between(a, b);
        assertFalse(a > m);
        assertTrue(b > m);
    }
}

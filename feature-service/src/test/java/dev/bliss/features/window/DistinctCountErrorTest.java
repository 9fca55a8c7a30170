package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.store.schema.DimensionKeys;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The sketches' errors over many random value sets stay within the standard errors the README
 * and the classes state (root-mean-square relative error at most 1.3 times the stated one, so a
 * sketch worse than documented fails).
 */
class DistinctCountErrorTest {

    private static final int TRIALS = 400;

    private static double rmsError(int n, boolean hll) {
        SplittableRandom random = new SplittableRandom(n * 31L + (hll ? 1 : 0));
        double sum = 0;
        for (int t = 0; t < TRIALS; t++) {
            int[] words = new int[16];
            for (int i = 0; i < n; i++) {
                long hash = DimensionKeys.mix(random.nextLong());
                if (hll) {
                    HyperLogLog.add(words, 0, hash);
                } else {
                    LinearCounter.add(words, 0, hash);
                }
            }
            double estimate = hll ? HyperLogLog.estimate(words, 0) : LinearCounter.estimate(words, 0);
            double relative = (estimate - n) / n;
            sum += relative * relative;
        }
        return Math.sqrt(sum / TRIALS);
    }

    private static double linearCountingError(int m, int n) {
        double t = (double) n / m;
        return Math.sqrt(m * (Math.exp(t) - t - 1)) / n;
    }

    @Test
    void shouldKeepTheLinearCountersStatedError() {
        for (int n : new int[] {10, 50, 100, 300, 500, 1000}) {
            double stated = linearCountingError(LinearCounter.BITS, n);
            double measured = rmsError(n, false);
            assertTrue(measured <= 1.3 * stated, "n=" + n + ": measured " + measured + ", stated " + stated);
        }
    }

    @Test
    void shouldKeepTheHyperLogLogsStatedError() {
        for (int n : new int[] {50, 200}) {
            double stated = linearCountingError(HyperLogLog.REGISTERS, n);
            double measured = rmsError(n, true);
            assertTrue(measured <= 1.3 * stated, "n=" + n + ": measured " + measured + ", stated " + stated);
        }
        for (int n : new int[] {2_000, 20_000}) {
            double stated = 1.04 / Math.sqrt(HyperLogLog.REGISTERS);
            double measured = rmsError(n, true);
            assertTrue(measured <= 1.3 * stated, "n=" + n + ": measured " + measured + ", stated " + stated);
        }
    }

    @Test
    void shouldCountTheUnionOfTwoBucketsOnce() {
        int[] a = new int[LinearCounter.INTS];
        int[] b = new int[LinearCounter.INTS];
        for (int i = 0; i < 40; i++) {
            long h = DimensionKeys.mix(i);
            LinearCounter.add(a, 0, h);
            LinearCounter.add(b, 0, h);
        }
        double one = LinearCounter.estimate(a, 0);
        double union = LinearCounter.estimateUnion(a, 0, b, 0);
        assertTrue(one == union, "the same 40 values in both buckets: " + one + " vs " + union);
    }
}

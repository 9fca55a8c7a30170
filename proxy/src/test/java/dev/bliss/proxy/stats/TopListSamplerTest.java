package dev.bliss.proxy.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The top lists' sampler: every exchange while a loop is quiet, a few hundred a second once it
 * is busy, with weights that add up to the exchanges they stand for.
 */
class TopListSamplerTest {

    private final TopListSampler sampler = new TopListSampler();

    @Test
    void shouldTakeEveryExchangeWithWeightOneWhileTheLoopIsQuiet() {
        // 500 a second, just under twice the samples a second: period 1, second after second
        for (int s = 0; s < 5; s++) {
            sampler.newSecond(s == 0 ? 0 : 500);
            for (int i = 0; i < 500; i++) {
                assertEquals(1, sampler.weight(), "second " + s + ", exchange " + i);
            }
        }
    }

    @Test
    void shouldLookAtAFewHundredExchangesASecondWhoseWeightsAddUpToTheTraffic() {
        int perSecond = 20_000;
        long samples = 0;
        long weights = 0;
        long busyExchanges = 0;
        for (int s = 0; s < 30; s++) {
            sampler.newSecond(s == 0 ? 0 : perSecond);
            for (int i = 0; i < perSecond; i++) {
                int w = sampler.weight();
                if (s > 0) { // the first second is looked at in full: its rate is not known yet
                    busyExchanges++;
                    samples += w > 0 ? 1 : 0;
                    weights += w;
                }
            }
        }
        assertEquals(64, sampler.period(), "20,000 a second / 256 = 78, rounded down to a power of two");
        assertTrue(samples < busyExchanges / 32, samples + " samples of " + busyExchanges);
        assertEquals(busyExchanges, weights, busyExchanges * 0.02, "the samples stand for the exchanges");
    }

    @Test
    void shouldStartOverAtEveryExchangeAfterAPause() {
        sampler.newSecond(100_000); // 100,000 in the second before
        assertEquals(256, sampler.period(), "the second after the burst is sampled");
        sampler.newSecond(0); // what the recorder says after a second without exchanges
        for (int i = 0; i < 10; i++) {
            assertEquals(1, sampler.weight(), "a quiet second after a pause: every exchange");
        }
    }

    @Test
    void shouldSampleTheSameExchangesWhenTheRecorderAsksSkipFirst() {
        // the recorder's common path asks skip() and only then weight(): the samples and their
        // weights must be the ones weight() alone gives
        TopListSampler alone = new TopListSampler();
        for (int s = 0; s < 4; s++) {
            int last = s == 0 ? 0 : 20_000;
            alone.newSecond(last);
            sampler.newSecond(last);
            for (int i = 0; i < 20_000; i++) {
                int expected = alone.weight();
                int actual = sampler.skip() ? 0 : sampler.weight();
                assertEquals(expected, actual, "second " + s + ", exchange " + i);
            }
        }
    }
}

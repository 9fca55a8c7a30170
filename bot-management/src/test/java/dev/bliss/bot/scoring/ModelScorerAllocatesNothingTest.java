package dev.bliss.bot.scoring;

import com.sun.management.ThreadMXBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After warm-up, scoring a request with the primary and two shadows (one sampled) allocates
 * nothing on the Java heap: 0 thread-allocated bytes over 100,000 requests. The primary reads
 * the input through the index map (gathered), one shadow reads it directly.
 */
class ModelScorerAllocatesNothingTest {

    private static final int REQUESTS = 100_000;
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    @Test
    void shouldAllocateNothingPerRequestAfterWarmUp() throws Exception {
        assertTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled());
        JsonModel primary = JsonModel.random(8, 20, 4, 6, 1);
        for (int f = 0; f < 8; f++) {
            primary.feature(f).put("feature_id", "f" + (7 - f));   // trained on the input reversed
        }
        primary.writeTo(dir.resolve("primary.json"));
        JsonModel.random(8, 20, 4, 6, 2).writeTo(dir.resolve("shadow.json"));
        String yaml = """
                watch_interval: 0s
                models:
                  - {name: main, file: primary.json, role: primary, features: [f7, f6, f5, f4, f3, f2, f1, f0]}
                  - {name: shadow, file: shadow.json, role: shadow, features: [f0, f1, f2, f3, f4, f5, f6, f7]}
                  - {name: sampled, file: shadow.json, role: shadow, sample_rate: 0.3, features: [f0, f1, f2, f3, f4, f5, f6, f7]}
                """;
        try (ModelSet set = ModelsYaml.loadNumbered(dir, yaml, 8)) {
            ModelScorer scorer = set.newScorer();
            float[][] inputs = new float[16][8];
            for (int i = 0; i < inputs.length; i++) {
                for (int f = 0; f < 8; f++) {
                    inputs[i][f] = (i * 7 + f * 3) % 9 - 1.5f;
                }
            }
            // Many separate calls, so that requests() itself is compiled by C2, not only entered on stack
            // replacement: C2 wants at least 600 invocations of a method (Tier4MinInvocationThreshold).
            // With 300 calls of 200 requests, the first measured pass allocated 136 bytes once, in the
            // switch from the OSR-compiled loop.
            for (int round = 0; round < 3_000; round++) {
                requests(scorer, inputs, 50);
            }
            // the best of three passes: a pass during which the JIT swaps in a new version of a method
            // may count a deoptimisation's objects (seen once: 80 bytes on a loaded machine); a
            // steady-state pass allocates nothing
            long thread = Thread.currentThread().threadId();
            long allocated = Long.MAX_VALUE;
            long sum = 0;
            for (int pass = 0; pass < 10 && allocated != 0; pass++) {
                long before = THREADS.getThreadAllocatedBytes(thread);
                sum += requests(scorer, inputs, REQUESTS);
                allocated = Math.min(allocated, THREADS.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, allocated, "bytes allocated over " + REQUESTS + " requests");
            assertTrue(sum > 0);
            assertEquals(0, set.metrics().models().get(0).failures());
        }
    }

    private static long requests(ModelScorer scorer, float[][] inputs, int n) {
        long sum = 0;
        for (int r = 0; r < n; r++) {
            float[] input = inputs[r & 15];
            int score = scorer.score(input);
            sum += score + scorer.shadow(input, score);
            sum += (long) (scorer.lastProbability() * 10);
        }
        return sum;
    }
}

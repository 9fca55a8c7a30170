package dev.bliss.features.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The key index agrees with a HashMap through growth and heavy churn (backward-shift deletion). */
class KeyIndexTest {

    @Test
    void shouldAgreeWithAHashMapUnderRandomInsertsAndRemovals() {
        KeyIndex index = new KeyIndex(16);
        Map<Long, Integer> reference = new HashMap<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int step = 0; step < 100_000; step++) {
            // a small key space, so removals hit and clusters form; 0 and negatives included
            long key = random.nextInt(5_000) - 100;
            if (random.nextInt(3) == 0) {
                index.remove(key);
                reference.remove(key);
            } else if (!reference.containsKey(key)) {
                index.insert(key, step);
                reference.put(key, step);
            }
            if (step % 5000 == 0) {
                for (long k = -100; k < 4_900; k++) {
                    assertEquals(reference.getOrDefault(k, KeyIndex.MISSING), index.find(k), "key " + k + " at step " + step);
                }
                assertEquals(reference.size(), index.size());
            }
        }
    }
}

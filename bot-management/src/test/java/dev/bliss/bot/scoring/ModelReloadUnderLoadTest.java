package dev.bliss.bot.scoring;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two scoring threads run flat out while another thread reloads the model 30 times. A model
 * closed while a scorer was still predicting with it would show as a JNI error ("got nullptr
 * model pointer", counted as a failure and scored 0) or crash the JVM; neither may happen, and
 * every score comes from one of the two models.
 */
class ModelReloadUnderLoadTest {

    private static final int RELOADS = 30;

    @TempDir
    Path dir;

    @Test
    void shouldNeverScoreWithAClosedModel() throws Exception {
        JsonModel.random(4, 50, 4, 8, 1).writeTo(dir.resolve("m.json"));
        int low = 1;
        try (ModelSet set = ModelsYaml.loadNumbered(dir, ModelsYaml.primary("m.json", "f0", "f1", "f2", "f3"), 4)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong scored = new AtomicLong();
            AtomicReference<String> wrong = new AtomicReference<>();
            Thread[] threads = new Thread[2];
            for (int t = 0; t < threads.length; t++) {
                ModelScorer scorer = set.newScorer();
                threads[t] = new Thread(() -> {
                    float[] input = {1.5f, 2.5f, 3.5f, 4.5f};
                    while (!stop.get()) {
                        int score = scorer.score(input);
                        if (score < low || score > 99) {
                            wrong.compareAndSet(null, "score " + score);
                        }
                        scored.incrementAndGet();
                    }
                }, "scorer-" + t);
                threads[t].start();
            }
            for (int i = 0; i < RELOADS; i++) {
                JsonModel.random(4, 50, 4, 8, i % 2 + 1).writeTo(dir.resolve("m.json"));
                assertEquals(ReloadResult.RELOADED, set.reloadIfChanged());
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertNull(wrong.get());
            ModelSetMetrics metrics = set.metrics();
            assertEquals(RELOADS, metrics.reloads());
            assertEquals(0, metrics.models().get(0).failures());
            assertEquals(scored.get(), metrics.models().get(0).predictions());
            assertTrue(scored.get() > 0);
        }
    }
}

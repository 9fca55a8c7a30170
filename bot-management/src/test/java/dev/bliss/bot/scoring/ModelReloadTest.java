package dev.bliss.bot.scoring;

import dev.bliss.plugin.ScoreMapping;
import dev.bliss.plugin.config.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model files are reloaded when they change; a changed file that fails a check is rejected with
 * the error reported, and the previous model keeps serving.
 *
 * <p>Models here are one tree over input "a" (border 0.5) with leaves (low, high): for input
 * a = 1 the raw value is {@code high}, so which model serves is visible in the score.
 */
class ModelReloadTest {

    @TempDir
    Path dir;

    private ModelSet set;
    private ModelScorer scorer;
    private final float[] input = {1f, 0f, 0f, 0f};

    static JsonModel oneTree(double low, double high) {
        return new JsonModel().feature("a", 0.5).tree(new int[][] {{0, 0}}, low, high);
    }

    @BeforeEach
    void loadFirstModel() throws Exception {
        oneTree(0, 3.0).writeTo(dir.resolve("m.json"));
        set = ModelsYaml.load(dir, ModelsYaml.primary("m.json", "a"));
        scorer = set.newScorer();
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input));
    }

    @AfterEach
    void close() {
        set.close();
    }

    @Test
    void shouldDoNothingWhenNoFileChanged() {
        assertEquals(ReloadResult.UNCHANGED, set.reloadIfChanged());
        assertEquals(0, set.metrics().reloads());
    }

    @Test
    void shouldServeAChangedModelAfterReload() throws Exception {
        long loadedAt = set.metrics().lastSuccessMillis();
        assertTrue(loadedAt > 0, "the start counts as the first successful load");
        oneTree(0, -3.0).writeTo(dir.resolve("m.json"));
        long beforeReload = System.currentTimeMillis();
        assertEquals(ReloadResult.RELOADED, set.reloadIfChanged());
        assertTrue(set.metrics().lastSuccessMillis() >= beforeReload, "bot_model_reload_last_success_timestamp_seconds moves with a reload");
        assertEquals(ScoreMapping.scoreOfRaw(-3.0), scorer.score(input));
        assertEquals(1, set.metrics().reloads());
        assertEquals(ReloadResult.UNCHANGED, set.reloadIfChanged());
    }

    @Test
    void shouldKeepTheOldModelWhenTheNewFileIsCorrupt() throws Exception {
        JsonModel broken = oneTree(0, -3.0);
        broken.split(0, 0).remove("split_index");
        broken.writeTo(dir.resolve("m.json"));

        assertEquals(ReloadResult.REJECTED, set.reloadIfChanged());
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input), "the previous model keeps serving");
        ModelSetMetrics metrics = set.metrics();
        assertEquals(1, metrics.reloadFailures());
        assertEquals(0, metrics.reloads());
        // after the file, where in it: the broken split object (the model is one line)
        int column = broken.json().indexOf("\"splits\":[") + "\"splits\":[".length() + 1;
        assertTrue(metrics.lastError().contains(dir.resolve("m.json") + ":1:" + column
                + ": oblivious_trees[0].splits[0]: split_index is missing"), metrics.lastError());

        // The same broken file is not tried again on every poll...
        assertEquals(ReloadResult.UNCHANGED, set.reloadIfChanged());
        assertEquals(1, set.metrics().reloadFailures());
        // ...but a fixed one is.
        oneTree(0, -3.0).writeTo(dir.resolve("m.json"));
        assertEquals(ReloadResult.RELOADED, set.reloadIfChanged());
        assertEquals(ScoreMapping.scoreOfRaw(-3.0), scorer.score(input));
    }

    @Test
    void shouldKeepTheOldModelWhenTheFileIsTruncatedInPlaceOrDeleted() throws Exception {
        String json = oneTree(0, -3.0).json();
        Path file = dir.resolve("m.json");
        Files.writeString(file, json.substring(0, json.length() - 10));
        // In-place writes within the filesystem's timestamp granularity could keep the time.
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
        assertEquals(ReloadResult.REJECTED, set.reloadIfChanged());
        // where the cut falls decides Jackson's words (end of the document, a number cut after its
        // decimal point, ...); the position is the cut: the end of the one line
        String cut = set.metrics().lastError();
        java.util.regex.Matcher at = java.util.regex.Pattern.compile("m\\.json:1:(\\d+): .*invalid JSON: ").matcher(cut);
        assertTrue(at.find(), cut);
        assertTrue(Integer.parseInt(at.group(1)) >= json.length() - 10, cut);
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input));

        Files.delete(file);
        assertEquals(ReloadResult.REJECTED, set.reloadIfChanged());
        assertTrue(set.metrics().lastError().endsWith("m.json: file not found"), set.metrics().lastError());
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input));
    }

    @Test
    void shouldReloadEverythingOnDemand() {
        assertEquals(ReloadResult.RELOADED, set.reload());
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input));
    }

    @Test
    void shouldReconfigureWholeOrNotAtAll() throws Exception {
        oneTree(0, 1.0).writeTo(dir.resolve("other.json"));
        ModelsYaml.write(dir, """
                models:
                  - {name: main, file: other.json, role: primary, features: [a]}
                  - {name: typo, file: absent.json, role: shadow, features: [a]}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> set.reconfigure(ModelsYaml.read(dir)));
        assertTrue(e.getMessage().contains("absent.json: file not found"), e.getMessage());
        assertEquals(ScoreMapping.scoreOfRaw(3.0), scorer.score(input));
        assertEquals(1, set.metrics().reloadFailures());

        ModelsYaml.write(dir, "models:\n  - {name: main, file: other.json, role: primary, features: [a]}\n");
        set.reconfigure(ModelsYaml.read(dir));
        assertEquals(ScoreMapping.scoreOfRaw(1.0), scorer.score(input));
        assertEquals(1, set.metrics().reloads());
    }

    @Test
    void shouldPickUpAChangeThroughTheWatcher() throws Exception {
        set.close();
        ModelsYaml.write(dir, "watch_interval: 20ms\n" + ModelsYaml.primary("m.json", "a").replace("watch_interval: 0s\n", ""));
        set = ModelSet.load(ModelsYaml.read(dir), dir, ModelsYaml.INPUT, ModelsYaml.DEFAULTS);
        scorer = set.newScorer();
        assertTrue(set.startWatching());
        oneTree(0, -3.0).writeTo(dir.resolve("m.json"));
        // Waits for the watcher's event (a reload), bounded; not a timing assertion.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (set.metrics().reloads() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, set.metrics().reloads());
        assertNull(set.metrics().lastError());
        assertEquals(ScoreMapping.scoreOfRaw(-3.0), scorer.score(input));
    }
}

package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A model larger than its configured limits is refused before the JNI sees it (Cloudflare's
 * November 2025 outage: a feature file grew past a limit), and one within them serves.
 */
class ModelLimitsTest {

    @TempDir
    Path dir;

    private static String yaml(int maxTrees, int maxFeatures, String... features) {
        return """
                models:
                  - name: main
                    file: m.json
                    role: primary
                    features: [%s]
                    limits: {max_trees: %d, max_features: %d}
                """.formatted(String.join(", ", features), maxTrees, maxFeatures);
    }

    @Test
    void shouldServeAModelAtItsLimits() throws Exception {
        JsonModel.random(4, 30, 3, 4, 1).writeTo(dir.resolve("m.json"));
        try (ModelSet set = ModelsYaml.loadNumbered(dir, yaml(30, 4, "f0", "f1", "f2", "f3"), 5)) {
            assertEquals(30, set.metrics().models().get(0).trees());
            assertEquals(4, set.metrics().models().get(0).features());
        }
    }

    @Test
    void shouldRefuseMoreTreesThanMaxTrees() throws Exception {
        JsonModel model = JsonModel.random(4, 31, 3, 4, 1);
        model.writeTo(dir.resolve("m.json"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.loadNumbered(dir, yaml(30, 4, "f0", "f1", "f2", "f3"), 5));
        // at the trees' array, where the file has it (one line)
        int column = model.json().indexOf("\"oblivious_trees\":") + "\"oblivious_trees\":".length() + 1;
        assertTrue(e.getMessage().endsWith("m.json:1:" + column
                + ": oblivious_trees: the model has 31 trees, more than max_trees 30"), e.getMessage());
    }

    @Test
    void shouldRefuseMoreFeaturesThanMaxFeatures() throws Exception {
        JsonModel model = JsonModel.random(5, 3, 3, 4, 1);
        model.writeTo(dir.resolve("m.json"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsYaml.loadNumbered(dir, yaml(30, 4, "f0", "f1", "f2", "f3"), 5));
        int column = model.json().indexOf("\"float_features\":") + "\"float_features\":".length() + 1;
        assertTrue(e.getMessage().endsWith("m.json:1:" + column
                + ": features_info.float_features: the model declares 5 float features, more than max_features 4"),
                e.getMessage());
    }

    @Test
    void shouldRefuseAFileLargerThanMaxFileSizeWithoutReadingIt() throws Exception {
        Path file = dir.resolve("m.json");
        JsonModel.random(4, 3, 3, 4, 1).writeTo(file);
        // a valid model padded to 8 MB: parsed whole it would cost several times that in heap
        java.nio.file.Files.writeString(file, " ".repeat(8 << 20), java.nio.file.StandardOpenOption.APPEND);
        String yaml = yaml(30, 4, "f0", "f1", "f2", "f3").replace("max_features: 4}", "max_features: 4, max_file_size: 1048576}");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        ConfigException e = assertThrows(ConfigException.class, () -> ModelsYaml.loadNumbered(dir, yaml, 5));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(e.getMessage().endsWith("m.json: the file has " + java.nio.file.Files.size(file)
                + " bytes, more than limits.max_file_size 1048576"), e.getMessage());
        assertTrue(allocated < (1 << 20), "refused before reading: " + allocated + " bytes allocated");
    }

    @Test
    void shouldRefuseAMaxFileSizeOutOfRange() throws Exception {
        JsonModel.random(4, 3, 3, 4, 1).writeTo(dir.resolve("m.json"));
        String yaml = yaml(30, 4, "f0", "f1", "f2", "f3").replace("max_features: 4}", "max_features: 4, max_file_size: 0}");
        ConfigException e = assertThrows(ConfigException.class, () -> ModelsYaml.loadNumbered(dir, yaml, 5));
        assertTrue(e.getMessage().contains("limits.max_file_size: expected 1 to"), e.getMessage());
    }
}

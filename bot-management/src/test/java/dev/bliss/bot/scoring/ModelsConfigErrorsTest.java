package dev.bliss.bot.scoring;

import dev.bliss.plugin.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** models.yaml mistakes are reported with file, line, column and key before any model is opened. */
class ModelsConfigErrorsTest {

    @TempDir
    Path dir;

    @Test
    void shouldResolveFeatureNamesToInputPositions() throws Exception {
        ModelsYaml.write(dir, """
                models:
                  - name: main
                    file: m.json
                    role: primary
                    features: [d, a, c]
                  - name: candidate.v2
                    file: sub/../c.cbm
                    role: shadow
                    sample_rate: 0.25
                    features: [b]
                    limits: {max_trees: 10, max_features: 4}
                """);
        ModelsConfig config = ModelsConfig.parse(ModelsYaml.read(dir), dir, ModelsYaml.INPUT);
        assertEquals(ModelsConfig.DEFAULT_WATCH_INTERVAL, config.watchInterval());
        ModelSpec main = config.models().get(0);
        assertArrayEquals(new int[] {3, 0, 2}, main.inputIndex());
        assertEquals(ModelSpec.Format.JSON, main.format());
        assertEquals(1.0, main.sampleRate());
        assertEquals(ModelsConfig.DEFAULT_MAX_TREES, main.maxTrees());
        ModelSpec shadow = config.models().get(1);
        assertEquals(ModelRole.SHADOW, shadow.role());
        assertEquals(ModelSpec.Format.CBM, shadow.format());
        assertEquals(dir.resolve("c.cbm"), shadow.file());
        assertEquals(0.25, shadow.sampleRate());
        assertEquals(10, shadow.maxTrees());
        assertEquals(4, shadow.maxFeatures());
    }

    @Test
    void shouldReadTheWatchInterval() throws Exception {
        ModelsYaml.write(dir, "watch_interval: 250ms\nmodels: []\n");
        assertEquals(Duration.ofMillis(250), ModelsConfig.parse(ModelsYaml.read(dir), dir, ModelsYaml.INPUT).watchInterval());
    }

    @Test
    void shouldReportEachMistakeAtItsPosition() throws Exception {
        assertError("""
                models:
                  - name: main
                    file: m.json
                    role: primary
                    features: [a, nope]
                """, ":5:15: models[0].features: unknown feature \"nope\" at position 1; the schema has a, b, c, d");
        assertError("""
                models:
                  - name: main
                    file: m.json
                    role: primary
                    features: [a, a]
                """, ":5:15: models[0].features: \"a\" is listed twice");
        assertError("""
                models:
                  - {name: one, file: m.json, role: primary, features: [a]}
                  - {name: two, file: m.json, role: primary, features: [a]}
                """, ":3:37: models[1].role: only one model can be primary; \"one\" already is");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: [a]}
                  - {name: one, file: m.json, role: shadow, features: [a]}
                """, "models[1].name: another model is already called \"one\"");
        assertError("""
                models:
                  - {name: one, file: m.json, role: primary, sample_rate: 0.5, features: [a]}
                """, "models[0].sample_rate: only shadow models are sampled");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, sample_rate: 1.5, features: [a]}
                """, "models[0].sample_rate: must be between 0 and 1, got 1.5");
        assertError("""
                models:
                  - {name: one, file: m.json, role: boss, features: [a]}
                """, "models[0].role: expected one of primary, shadow, got \"boss\"");
        assertError("""
                models:
                  - {name: one, file: m.json, features: [a]}
                """, "models[0].role: required key is missing");
        assertError("""
                models:
                  - {name: "bad name", file: m.json, role: shadow, features: [a]}
                """, "models[0].name: must match");
        assertError("""
                models:
                  - {name: one, file: m.onnx, role: shadow, features: [a]}
                """, "models[0].file: cannot tell the format from the name; add format: json or format: cbm");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: []}
                """, "models[0].features: list the model's features in order");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: [a], limits: {max_tree: 3}}
                """, "models[0].limits.max_tree: unknown key");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: [a, b], limits: {max_features: 1}}
                """, "models[0].features: 2 features listed, more than limits.max_features 1");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: [a], limits: {max_trees: 0}}
                """, "models[0].limits.max_trees: must be between 1 and 100000, got 0");
        assertError("""
                models:
                  - {name: one, file: m.json, role: shadow, features: [a], weight: 2}
                """, "models[0].weight: unknown key");
        assertError("modles: []\n", "modles: unknown key");
    }

    private void assertError(String yaml, String expected) throws Exception {
        ModelsYaml.write(dir, yaml);
        ConfigException e = assertThrows(ConfigException.class,
                () -> ModelsConfig.parse(ModelsYaml.read(dir), dir, ModelsYaml.INPUT));
        assertTrue(e.getMessage().startsWith(dir.resolve("models.yaml").toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "expected \"" + expected + "\" in: " + e.getMessage());
    }
}

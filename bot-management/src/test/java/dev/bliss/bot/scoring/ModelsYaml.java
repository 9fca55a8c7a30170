package dev.bliss.bot.scoring;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a models.yaml into a test directory and loads a {@link ModelSet} from it. */
final class ModelsYaml {

    /** The detector's input vector in these tests. */
    static final List<String> INPUT = List.of("a", "b", "c", "d");
    static final float[] DEFAULTS = {0f, 0f, 0f, 0f};

    private ModelsYaml() {
    }

    static Path write(Path dir, String yaml) throws IOException {
        return Files.writeString(dir.resolve("models.yaml"), yaml);
    }

    static ConfigSection read(Path dir) throws ConfigException {
        return YamlConfigReader.read(dir.resolve("models.yaml"));
    }

    static ModelSet load(Path dir, String yaml) throws IOException, ConfigException {
        write(dir, yaml);
        return ModelSet.load(read(dir), dir, INPUT, DEFAULTS);
    }

    /** Input features f0 .. f(n-1), all defaulting to 0, as {@link JsonModel#random} names them. */
    static ModelSet loadNumbered(Path dir, String yaml, int n) throws IOException, ConfigException {
        write(dir, yaml);
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add("f" + i);
        }
        return ModelSet.load(read(dir), dir, names, new float[n]);
    }

    /** models.yaml with one primary model over {@code features}. */
    static String primary(String file, String... features) {
        return """
                watch_interval: 0s
                models:
                  - name: main
                    file: %s
                    role: primary
                    features: [%s]
                """.formatted(file, String.join(", ", features));
    }
}

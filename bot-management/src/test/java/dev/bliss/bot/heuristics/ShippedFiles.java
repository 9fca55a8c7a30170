package dev.bliss.bot.heuristics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The repository's configuration files and the user-agent lists of test/resources/useragents. */
public final class ShippedFiles {

    private ShippedFiles() {
    }

    /** A file of the repository's config/ directory, found from the module or the root. */
    public static Path config(String name) {
        Path fromModule = Path.of(System.getProperty("user.dir")).resolveSibling("config").resolve(name);
        return Files.exists(fromModule) ? fromModule : Path.of("config", name);
    }

    /** The non-empty lines of a list in test/resources/useragents. */
    public static List<String> userAgents(String list) {
        try (InputStream in = ShippedFiles.class.getResourceAsStream("/useragents/" + list)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource useragents/" + list);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shipped heuristics.yaml, loaded. */
    public static HeuristicsConfig heuristics() {
        try {
            return HeuristicsConfig.read(config("heuristics.yaml"));
        } catch (Exception e) {
            throw new AssertionError("config/heuristics.yaml does not load: " + e.getMessage(), e);
        }
    }
}

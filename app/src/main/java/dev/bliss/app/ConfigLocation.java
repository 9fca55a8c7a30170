package dev.bliss.app;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves the configuration file option: as given when it exists, else, for a relative path,
 * against the bliss installation ({@code -Dbliss.home}, set by the launcher), so
 * {@code bliss run} finds config/bliss.yaml from any working directory.
 */
public final class ConfigLocation {

    private ConfigLocation() {
    }

    public static Path resolve(Path given) {
        if (Files.exists(given) || given.isAbsolute()) {
            return given;
        }
        String home = System.getProperty("bliss.home");
        if (home != null) {
            Path candidate = Path.of(home).resolve(given);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        return given;
    }
}

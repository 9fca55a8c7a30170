package dev.bliss.app.features;

import java.nio.file.Files;
import java.nio.file.Path;

/** What the feature commands share: finding the configuration file like {@code bliss run} does. */
final class FeatureCommands {

    private FeatureCommands() {
    }

    /** As given when it exists, else against the installation ({@code -Dbliss.home}). */
    static Path resolve(Path given) {
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

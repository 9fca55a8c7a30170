package dev.bliss.app;

import static dev.bliss.app.CommandRun.bliss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bliss check-config} reads what {@code bliss run} reads: the shipped configuration, whose
 * feature_service section is not commented out and whose models.yaml lists the default model
 * (loaded and checked by the plugin, so a broken or missing model file fails here), is valid; a
 * mistake in the feature_service section is reported with file, line and key like any other.
 */
class CheckConfigCommandTest {

    @TempDir
    Path dir;

    @Test
    void shouldAcceptTheShippedConfigurationWithItsModel() throws Exception {
        Path yaml = copyShippedConfig();

        CommandRun r = bliss("check-config", "--config", yaml.toString());

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("valid"), r.out());
    }

    @Test
    void shouldCreateNoFileWhileChecking() throws Exception {
        Path yaml = copyShippedConfig();
        Path events = dir.resolve("shm/events");
        Path log = dir.resolve("logs/detections.log");
        Files.writeString(yaml, Files.readString(yaml).replace("      score_header: x-bot-score\n",
                "      score_header: x-bot-score\n      store: " + dir.resolve("shm/features") + "\n      events_ring: " + events
                        + "\n      detection_log: {path: " + log + "}\n"));

        CommandRun r = bliss("check-config", "--config", yaml.toString());

        assertEquals(0, r.exit(), r.err());
        assertFalse(Files.exists(log), "the detection log is not created by a check");
        assertFalse(Files.exists(log.getParent()), "nor its directory");
        assertFalse(Files.exists(dir.resolve("shm")), "nor anything of the store or the events ring");
    }

    @Test
    void shouldReportAnUnknownFeatureServiceKeyWithItsLine() throws Exception {
        Path yaml = copyShippedConfig();
        String text = Files.readString(yaml).replace("  publish_interval: 1s\n", "  publish_interval: 1s\n  publish_intervall: 2s\n");
        Files.writeString(yaml, text);
        int line = (int) text.lines().takeWhile(l -> !l.startsWith("  publish_intervall")).count() + 1;

        CommandRun r = bliss("check-config", "--config", yaml.toString());

        assertEquals(1, r.exit());
        assertTrue(r.err().contains("bliss.yaml:" + line + ":"), r.err());
        assertTrue(r.err().contains("publish_intervall"), r.err());
    }

    @Test
    void shouldRefuseAnAdminPortThatIsAlsoAListenersPortNamingBothKeys() throws Exception {
        Path yaml = copyShippedConfig();
        String text = Files.readString(yaml);
        assertTrue(text.contains("    port: 8080\n") && text.contains("  port: 9901\n"), "the shipped ports");
        Files.writeString(yaml, text.replace("  port: 9901\n", "  port: 8080\n"));
        int listener = (int) text.lines().takeWhile(l -> !l.equals("    port: 8080")).count() + 1;
        int admin = (int) text.lines().takeWhile(l -> !l.equals("  port: 9901")).count() + 1;

        CommandRun r = bliss("check-config", "--config", yaml.toString());

        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("bliss.yaml:" + admin + ":9: admin.port: admin.port 8080 is also the port of listeners[0].port ("),
                r.err());
        assertTrue(r.err().contains("bliss.yaml:" + listener + ":5); give the admin server a port of its own"), r.err());
    }

    /** config/*.yaml and config/models/ into the temporary directory, so relative paths resolve as in config/. */
    private Path copyShippedConfig() throws Exception {
        Path shipped = Path.of("..", "config");
        try (Stream<Path> files = Files.walk(shipped)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml") || p.startsWith(shipped.resolve("models"))).toList()) {
                Path copy = dir.resolve(shipped.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(copy);
                } else if (!f.getParent().equals(shipped.resolve("lab"))) {
                    Files.createDirectories(copy.getParent());
                    Files.copy(f, copy);
                }
            }
        }
        return dir.resolve("bliss.yaml");
    }
}

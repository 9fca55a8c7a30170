package dev.bliss.app.features;

import static dev.bliss.app.CommandRun.bliss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.app.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bliss features import} and {@code show} against a real store in a temporary directory,
 * with the shipped features.yaml: an import is all or nothing, and show derives the key the
 * plugin would look up from the value as text.
 */
class FeaturesCommandTest {

    @TempDir
    Path dir;

    private Path config() throws Exception {
        Files.copy(Path.of("..", "config", "features.yaml"), dir.resolve("features.yaml"));
        Path yaml = dir.resolve("bliss.yaml");
        Files.writeString(yaml, """
                feature_service:
                  store: store/features
                  admin: {enabled: false}
                """);
        return yaml;
    }

    @Test
    void shouldImportWholeFilesOnlyAndShowWhatWasPublished() throws Exception {
        String yaml = config().toString();
        Path good = dir.resolve("good.csv");
        Files.writeString(good, """
                dimension,key,feature,value
                ip,203.0.113.7,distinct_ua_10m,50
                ip,203.0.113.7,reqs_10m,51
                user_agent,"Mozilla/5.0 (X11, Linux)",reqs_10m,9
                """);
        CommandRun imported = bliss("features", "import", good.toString(), "-c", yaml);
        assertEquals(0, imported.exit(), imported.err());
        assertTrue(imported.out().contains("imported 2 keys"), imported.out());

        CommandRun shown = bliss("features", "show", "ip", "203.0.113.7", "-c", yaml);
        assertEquals(0, shown.exit(), shown.err());
        assertTrue(shown.out().contains("snapshot 0"), shown.out());
        assertTrue(shown.out().matches("(?s).*distinct_ua_10m +50\\.0.*"), shown.out());
        assertTrue(shown.out().matches("(?s).*interarrival_cv_10m +-1\\.0.*"), "defaults fill the rest: " + shown.out());
        assertEquals(0, bliss("features", "show", "user_agent", "Mozilla/5.0 (X11, Linux)", "-c", yaml).exit());

        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, """
                dimension,key,feature,value
                ip,198.51.100.1,reqs_10m,3
                ip,198.51.100.2,reqs_10m,3
                ip,198.51.100.300,reqs_10m,3
                """);
        CommandRun rejected = bliss("features", "import", bad.toString(), "-c", yaml);
        assertEquals(1, rejected.exit());
        assertTrue(rejected.err().contains("bad.csv:4: ip: not an IP address: \"198.51.100.300\"; nothing imported"),
                rejected.err());
        CommandRun after = bliss("features", "show", "ip", "198.51.100.1", "-c", yaml);
        assertEquals(1, after.exit(), "not in the snapshot: " + after.out());
        assertTrue(after.out().contains("not in snapshot 0"), "no snapshot was published: " + after.out());
        assertEquals(0, bliss("features", "show", "ip", "203.0.113.7", "-c", yaml).exit(), "the earlier import stays");
    }

    @Test
    void shouldRefuseAValueOfTheWrongKind() throws Exception {
        CommandRun r = bliss("features", "show", "ja4", "not-a-fingerprint", "-c", config().toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("ja4: expected a JA4 fingerprint"), r.err());
    }

    @Test
    void shouldSendTheDataToTheServiceThatHoldsTheStore() throws Exception {
        Files.copy(Path.of("..", "config", "features.yaml"), dir.resolve("features.yaml"));
        var schema = dev.bliss.bot.features.FeatureSchemaReader.read(
                dev.bliss.config.yaml.YamlConfigReader.read(dir.resolve("features.yaml")));
        try (dev.bliss.features.FeatureService service = dev.bliss.features.FeatureService.start(
                new dev.bliss.features.FeatureServiceOptions().storePrefix(dir.resolve("store").resolve("features"))
                        .publishInterval(java.time.Duration.ofMillis(200)).admin("127.0.0.1", 0),
                schema.schema(), schema.maxKeys())) {
            Path yaml = dir.resolve("bliss.yaml");
            Files.writeString(yaml, """
                    feature_service:
                      store: store/features
                      admin: {host: 127.0.0.1, port: %d}
                    """.formatted(service.adminPort()));
            Path good = dir.resolve("good.csv");
            Files.writeString(good, "dimension,key,feature,value\nip,203.0.113.7,reqs_10m,51\n");
            CommandRun imported = bliss("features", "import", good.toString(), "-c", yaml.toString());
            assertEquals(0, imported.exit(), imported.out() + imported.err());
            assertTrue(imported.out().contains("the feature service holds the store") && imported.out().contains("\"imported\" : true"),
                    imported.out());
            assertEquals(1, service.importedKeys(), "the service read the body it was sent, not a path");
        }
    }
}

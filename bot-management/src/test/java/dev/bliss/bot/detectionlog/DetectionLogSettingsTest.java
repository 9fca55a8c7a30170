package dev.bliss.bot.detectionlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The detection_log section: defaults, sizes with units, and errors at their line and column. */
class DetectionLogSettingsTest {

    private static final Path BASE = Path.of("/etc/bliss");

    private static DetectionLogSettings read(String yaml) throws ConfigException {
        ConfigSection root = ConfigSection.root(YamlConfigReader.parse("bliss.yaml", yaml));
        return DetectionLogSettings.read(root.section("detection_log"), BASE);
    }

    private static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void shouldBeOffWithoutAPath() throws Exception {
        assertFalse(read("other: 1\n").enabled());
        assertFalse(read("detection_log: {path: \"\"}\n").enabled());
    }

    @Test
    void shouldResolveThePathAndReadSizesWithUnits() throws Exception {
        DetectionLogSettings s = read("detection_log: {path: logs/d.log, sample_rate: 0.25, max_file_size: 10MB, max_files: 3, queue_size: 100KB}\n");
        assertEquals(BASE.resolve("logs/d.log"), s.path());
        assertEquals(0.25, s.sampleRate());
        assertEquals(10L << 20, s.maxFileSize());
        assertEquals(3, s.maxFiles());
        assertEquals(128 << 10, s.queueBytes(), "rounded up to a power of two");
        assertEquals(1_048_576L, read("detection_log: {path: d.log, max_file_size: 1048576}\n").maxFileSize());
    }

    @Test
    void shouldReportBadValuesAtTheirPosition() {
        assertEquals("bliss.yaml:2:16: detection_log.sample_rate: must be between 0 and 1, got 1.5",
                error("detection_log:\n  sample_rate: 1.5\n"));
        assertEquals("bliss.yaml:2:18: detection_log.max_file_size: not a size: \"100XB\" (bytes, or a number with KB, MB or GB)",
                error("detection_log:\n  max_file_size: 100XB\n"));
        assertEquals("bliss.yaml:2:18: detection_log.max_file_size: must be at least 64KB, got 1024 bytes",
                error("detection_log:\n  max_file_size: 1KB\n"));
        assertEquals("bliss.yaml:2:14: detection_log.max_files: must be between 1 and 1000, got 0",
                error("detection_log:\n  max_files: 0\n"));
        assertEquals("bliss.yaml:2:15: detection_log.queue_size: must be between 64KB and 1GB, got 4096 bytes",
                error("detection_log:\n  queue_size: 4KB\n"));
        assertEquals("bliss.yaml:2:3: detection_log.pth: unknown key (known here: max_file_size, max_files, path, queue_size, sample_rate)",
                error("detection_log:\n  pth: d.log\n"));
    }
}

package dev.bliss.config.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class YamlConfigReaderTest {

    private static ConfigSection root(String yaml) throws ConfigException {
        return ConfigSection.root(YamlConfigReader.parse("test.yaml", yaml));
    }

    @Test
    void shouldReadTypedValues() throws ConfigException {
        ConfigSection s = root("""
                port: 8080
                name: edge
                tls: false
                timeout: 30s
                hosts: [a, b]
                nested:
                  ratio: 0.5
                """);
        assertEquals(8080, s.integer("port", 0));
        assertEquals("edge", s.string("name", null));
        assertEquals(false, s.bool("tls", true));
        assertEquals(Duration.ofSeconds(30), s.duration("timeout", null));
        assertEquals(List.of("a", "b"), s.strings("hosts"));
        ConfigSection nested = s.section("nested");
        assertEquals(0.5, nested.number("ratio", 0));
        nested.requireNoUnknownKeys();
        s.requireNoUnknownKeys();
    }

    @Test
    void shouldReportUnknownKeyWithLineAndColumn() throws ConfigException {
        ConfigSection s = root("""
                listeners:
                  - port: 8080
                    prot: 9
                """);
        ConfigSection listener = s.sections("listeners").get(0);
        listener.integer("port", 0);
        ConfigException e = assertThrows(ConfigException.class, listener::requireNoUnknownKeys);
        assertEquals("test.yaml:3:5: listeners[0].prot: unknown key (known here: port)", e.getMessage());
    }

    @Test
    void shouldReportWrongTypeAtTheValue() throws ConfigException {
        ConfigSection s = root("admin:\n  port: eighty\n");
        ConfigException e = assertThrows(ConfigException.class, () -> s.section("admin").integer("port", 0));
        assertEquals("test.yaml:2:9: admin.port: expected an integer, got \"eighty\"", e.getMessage());
    }

    @Test
    void shouldRefuseDuplicateKeys() {
        ConfigException e = assertThrows(ConfigException.class, () -> root("a: 1\nb: 2\na: 3\n"));
        assertEquals(3, e.position().line());
        assertEquals("a", e.key());
    }

    @Test
    void shouldReportSyntaxErrorsWithPosition() {
        ConfigException e = assertThrows(ConfigException.class, () -> root("a: [1, 2\nb: 3\n"));
        assertEquals("test.yaml", e.position().file());
        assertEquals(true, e.position().line() >= 2, e.getMessage());
    }

    @Test
    void shouldRefuseDurationWithoutUnit() throws ConfigException {
        ConfigSection s = root("timeout: 30\n");
        ConfigException e = assertThrows(ConfigException.class, () -> s.duration("timeout", null));
        assertEquals("test.yaml:1:10: timeout: expected a duration such as 250ms, 30s, 10m or 1h, got \"30\"", e.getMessage());
    }

    @Test
    void shouldTreatEmptyDocumentAsEmptySection() throws ConfigException {
        ConfigSection s = root("# nothing\n");
        assertEquals(0, s.keys().size());
    }
}

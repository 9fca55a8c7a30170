package dev.bliss.config.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ${NAME}} and {@code ${NAME:-default}} in configuration values. */
class EnvironmentReferencesTest {

    private static final Map<String, String> ENV = Map.of("LOG_DIR", "/var/log/bliss", "PORT", "8443", "EMPTY", "");

    private static ConfigSection root(String yaml) throws ConfigException {
        return ConfigSection.root(YamlConfigReader.parse("test.yaml", yaml, ENV::get));
    }

    @Test
    void shouldReplaceSetVariablesAnywhereInAValue() throws ConfigException {
        ConfigSection s = root("""
                path: ${LOG_DIR}/access.log
                port: ${PORT}
                hosts: ["${PORT}-a", b]
                """);
        assertEquals("/var/log/bliss/access.log", s.string("path", null));
        assertEquals(8443, s.integer("port", 0));
        assertEquals(List.of("8443-a", "b"), s.strings("hosts"));
    }

    @Test
    void shouldUseTheDefaultWhenUnsetOrEmpty() throws ConfigException {
        ConfigSection s = root("""
                a: ${NOPE:-../logs}/x
                b: ${EMPTY:-fallback}
                c: ${PORT:-1}
                d: "${NOPE:-}"
                """);
        assertEquals("../logs/x", s.string("a", null));
        assertEquals("fallback", s.string("b", null));
        assertEquals("8443", s.string("c", null));
        assertEquals("", s.string("d", null));
    }

    @Test
    void shouldKeepAnEscapedReferenceAndLoneDollars() throws ConfigException {
        ConfigSection s = root("""
                a: $${LOG_DIR}
                b: costs $5 and $
                """);
        assertEquals("${LOG_DIR}", s.string("a", null));
        assertEquals("costs $5 and $", s.string("b", null));
    }

    @Test
    void shouldNameFileLineKeyAndVariableWhenUnsetWithoutDefault() {
        ConfigException e = assertThrows(ConfigException.class, () -> root("""
                listeners:
                  - host: 127.0.0.1
                    port: ${BLISS_PORT}
                """));
        assertEquals(3, e.position().line());
        assertEquals(11, e.position().column());
        assertEquals("listeners[0].port", e.key());
        assertTrue(e.getMessage().startsWith("test.yaml:3:11: listeners[0].port: environment variable BLISS_PORT is not set"), e.getMessage());
    }

    @Test
    void shouldRefuseMalformedReferences() {
        ConfigException unterminated = assertThrows(ConfigException.class, () -> root("a: ${LOG_DIR\n"));
        assertTrue(unterminated.reason().contains("unterminated"), unterminated.getMessage());
        ConfigException badName = assertThrows(ConfigException.class, () -> root("a: ${1X}\n"));
        assertTrue(badName.reason().contains("not an environment reference"), badName.getMessage());
    }

    @Test
    void shouldNotReadAVariablesValueAsYaml() throws ConfigException {
        ConfigSection s = ConfigSection.root(YamlConfigReader.parse("t.yaml", "a: ${V}\n", Map.of("V", "[x, {y: 1}]")::get));
        assertEquals("[x, {y: 1}]", s.string("a", null));
    }

    @Test
    void shouldReadTheProcessEnvironmentFromFiles(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("c.yaml"), "home: ${HOME:-none}\n");
        String expected = System.getenv("HOME") == null || System.getenv("HOME").isEmpty() ? "none" : System.getenv("HOME");
        assertEquals(expected, YamlConfigReader.read(f).string("home", null));
    }
}

package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChallengeOptionsTest {

    private static ChallengeOptions read(String yaml) throws ConfigException {
        return read(Path.of("/etc/bliss"), yaml);
    }

    private static ChallengeOptions read(Path base, String yaml) throws ConfigException {
        ConfigSection root = ConfigSection.root(YamlConfigReader.parse("bliss.yaml", yaml));
        return ChallengeOptions.read(root.section("challenge"), base);
    }

    @TempDir
    Path dir;

    @Test
    void shouldReadEveryKey() throws Exception {
        KeyFile.rotate(dir.resolve("keys/challenge.key"));
        ChallengeOptions o = read(dir, """
                challenge:
                  cookie_name: cf_clearance
                  ttl: 2h
                  difficulty: 18
                  solve_within: 2m
                  key_file: keys/challenge.key
                  path_prefix: /cdn-cgi/challenge/
                  required_checks: [webdriver]
                """);
        assertEquals("cf_clearance", o.cookieName());
        assertEquals(Duration.ofHours(2), o.ttl());
        assertEquals(18, o.difficulty());
        assertEquals(Duration.ofMinutes(2), o.solveWithin());
        assertEquals(dir.resolve("keys/challenge.key"), o.keyFile());
        assertEquals(KeyFile.read(o.keyFile()), o.loadKeys());
        assertEquals("/cdn-cgi/challenge/", o.pathPrefix());
        assertEquals(EnvironmentCheck.WEBDRIVER.bit(), o.requiredChecks());
    }

    @Test
    void shouldDefaultToAllChecksAndAGeneratedKey() throws Exception {
        ChallengeOptions o = read("challenge: {}\n");
        assertEquals(ChallengeOptions.DEFAULTS, o);
        assertNull(o.keyFile());
        assertTrue(o.loadKeys().isEphemeral());
        assertEquals(0, read("challenge: {required_checks: []}\n").requiredChecks());
    }

    @Test
    void shouldNameFileLineAndKeyOfAnError() {
        ConfigException e = assertThrows(ConfigException.class, () -> read("""
                challenge:
                  ttl: 30m
                  required_checks: [webdriver, canvas]
                """));
        assertEquals("bliss.yaml", e.position().file());
        assertEquals(3, e.position().line());
        assertTrue(e.getMessage().contains("canvas"), e.getMessage());
        assertEquals(2, assertThrows(ConfigException.class, () -> read("challenge:\n  difficulty: 40\n")).position().line());
        assertEquals(2, assertThrows(ConfigException.class, () -> read("challenge:\n  cookie_name: \"a b\"\n")).position().line());
        assertEquals(2, assertThrows(ConfigException.class, () -> read("challenge:\n  path_prefix: /x\n")).position().line());
        assertEquals(2, assertThrows(ConfigException.class, () -> read("challenge:\n  tll: 1m\n")).position().line());
        ConfigException missing = assertThrows(ConfigException.class, () -> read("challenge:\n  key_file: none.key\n"));
        assertEquals(2, missing.position().line());
        assertTrue(missing.getMessage().contains("keygen"), missing.getMessage());
    }
}

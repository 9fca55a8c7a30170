package dev.bliss.challenge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFileTest {

    @TempDir
    Path dir;

    @Test
    void shouldRotateKeepingTheOldKeyAsPrevious() throws Exception {
        Path file = dir.resolve("keys/challenge.key");
        KeyRing first = KeyFile.rotate(file);
        assertNull(first.previous());
        assertEquals(first, KeyFile.read(file));
        assertEquals(java.util.Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(file));
        KeyRing second = KeyFile.rotate(file);
        assertArrayEquals(first.current(), second.previous());
        KeyRing third = KeyFile.rotate(file);
        assertArrayEquals(second.current(), third.previous());
        assertEquals(third, KeyFile.read(file));
    }

    @Test
    void shouldVerifyAcrossARotationThroughTheFile() throws Exception {
        Path file = dir.resolve("challenge.key");
        KeyRing before = KeyFile.rotate(file);
        ClientBinding client = new ClientBinding().bind(IpAddress.of("192.0.2.10"), "ua", null);
        String cookie = new ClearanceIssuer(before).issue(client, 1000, 600, 0);
        KeyRing after = KeyFile.rotate(file);
        assertEquals(ClearanceStatus.VALID, new ClearanceCheck(KeyFile.read(file)).check(cookie, 0, cookie.length(), client, 1100));
        assertEquals(ClearanceStatus.TAMPERED, new ClearanceCheck(KeyRing.of(after.current(), null)).check(cookie, 0, cookie.length(), client, 1100));
    }

    @Test
    void shouldNameFileAndLineOfABadKey() throws Exception {
        Path file = dir.resolve("bad.key");
        Files.writeString(file, "# keys\ncurrent: AAAA\n");
        ConfigException e = assertThrows(ConfigException.class, () -> KeyFile.read(file));
        assertEquals(2, e.position().line());
        assertEquals(file.toString(), e.position().file());
        assertTrue(e.getMessage().contains("32 bytes"), e.getMessage());

        Files.writeString(file, "current: " + "A".repeat(43) + "\nnext: " + "A".repeat(43) + "\n");
        ConfigException unknown = assertThrows(ConfigException.class, () -> KeyFile.read(file));
        assertEquals(2, unknown.position().line());
        assertEquals("next", unknown.key());

        Files.writeString(file, "previous: " + "A".repeat(43) + "\n");
        assertTrue(assertThrows(ConfigException.class, () -> KeyFile.read(file)).getMessage().contains("no current key"));
        assertTrue(assertThrows(ConfigException.class, () -> KeyFile.read(dir.resolve("none.key"))).getMessage().contains("keygen"));
    }
}

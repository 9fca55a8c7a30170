package dev.bliss.app.challenge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.app.CommandRun;
import dev.bliss.challenge.KeyFile;
import dev.bliss.challenge.KeyRing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChallengeKeygenCommandTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteAKeyThenRotateIt() throws Exception {
        Path file = dir.resolve("challenge.key");
        CommandRun first = CommandRun.bliss("challenge", "keygen", "--key-file", file.toString());
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.out().startsWith("wrote a new key"), first.out());
        KeyRing one = KeyFile.read(file);
        assertNull(one.previous());

        CommandRun second = CommandRun.bliss("challenge", "keygen", "--key-file", file.toString());
        assertEquals(0, second.exit(), second.err());
        KeyRing two = KeyFile.read(file);
        assertArrayEquals(one.current(), two.previous());
    }

    @Test
    void shouldRefuseToRotateABrokenFile() throws Exception {
        Path file = dir.resolve("broken.key");
        Files.writeString(file, "current: nope\n");
        CommandRun run = CommandRun.bliss("challenge", "keygen", "--key-file", file.toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains(file + ":1"), run.err());
        assertEquals("current: nope\n", Files.readString(file));
    }
}

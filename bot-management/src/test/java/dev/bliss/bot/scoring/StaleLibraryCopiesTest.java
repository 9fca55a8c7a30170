package dev.bliss.bot.scoring;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Which leftover library files are removed: copies no process maps, older than the minimum age,
 * with their .lck; nothing fresh, nothing that is not a CatBoost copy. (Copies mapped by a live
 * process are in {@link NativeLibraryKilledChildTest}, with real processes.)
 */
class StaleLibraryCopiesTest {

    private static final String LIB = StaleLibraryCopies.PREFIX + "4242.so";

    @TempDir
    Path dir;

    @BeforeAll
    static void linuxOnly() {
        assumeTrue(ProcessMaps.available(), "needs /proc");
    }

    @Test
    void shouldRemoveAnOldUnmappedCopyWithItsLock() throws Exception {
        old(dir.resolve(LIB));
        old(dir.resolve(LIB + ".lck"));
        Path other = old(dir.resolve("libsomething-else.so"));
        List<Path> removed = StaleLibraryCopies.remove(dir, Duration.ofMinutes(1));
        assertEquals(2, removed.size());
        assertEquals(Set.of(other.getFileName().toString()), names());
    }

    @Test
    void shouldKeepACopyWrittenWithinTheMinimumAge() throws Exception {
        // A JVM that is still copying the library out has not mapped it yet.
        Files.write(dir.resolve(LIB), new byte[16]);
        old(dir.resolve(LIB + ".lck"));
        assertEquals(List.of(), StaleLibraryCopies.remove(dir, Duration.ofMinutes(1)));
        assertEquals(Set.of(LIB, LIB + ".lck"), names());
    }

    @Test
    void shouldRemoveAnOldLockWhoseLibraryIsGone() throws Exception {
        old(dir.resolve(LIB + ".lck"));
        assertEquals(1, StaleLibraryCopies.remove(dir, Duration.ofMinutes(1)).size());
        assertEquals(Set.of(), names());
    }

    private static Path old(Path file) throws Exception {
        Files.write(file, new byte[16]);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(Duration.ofMinutes(10))));
        return file;
    }

    private Set<String> names() throws Exception {
        Set<String> out = new TreeSet<>();
        try (var s = Files.list(dir)) {
            s.forEach(p -> out.add(p.getFileName().toString()));
        }
        return out;
    }
}

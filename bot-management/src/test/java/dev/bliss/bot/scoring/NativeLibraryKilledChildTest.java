package dev.bliss.bot.scoring;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real child JVMs with {@code java.io.tmpdir} pointing at a test directory, killed with
 * {@code kill -9}:
 * <ul>
 *   <li>loading the library as the JNI does by itself leaves the 14 MB copy and its .lck
 *       behind; while the child lives they are mapped and kept, once it is gone they are
 *       removed;
 *   <li>loading it through {@link CatBoostNativeLibrary} leaves nothing, even while it runs.
 * </ul>
 */
class NativeLibraryKilledChildTest {

    @TempDir
    Path tmp;

    @BeforeAll
    static void linuxOnly() {
        assumeTrue(ProcessMaps.available(), "needs /proc");
    }

    @Test
    void shouldRemoveTheCopyOfAKilledJvmButNotOfALiveOne() throws Exception {
        Process child = start("jni");
        try {
            Set<String> files = catBoostFiles();
            assertEquals(2, files.size(), "the JNI's copy and its lock: " + files);
            assertEquals(List.of(), StaleLibraryCopies.remove(tmp, Duration.ZERO), "mapped by a live process");
        } finally {
            kill9(child);
        }
        assertEquals(2, catBoostFiles().size(), "kill -9 leaves the copy behind");
        assertEquals(2, StaleLibraryCopies.remove(tmp, Duration.ZERO).size());
        assertEquals(Set.of(), catBoostFiles());
    }

    @Test
    void shouldLeaveNoCopyWhenLoadedThroughCatBoostNativeLibrary() throws Exception {
        Process child = start("bliss");
        try {
            assertEquals(Set.of(), catBoostFiles(), "unlinked right after loading");
        } finally {
            kill9(child);
        }
        assertEquals(Set.of(), catBoostFiles());
    }

    private Process start(String mode) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--enable-native-access") || arg.startsWith("--add-")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-Xmx64m", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp,
                "-cp", System.getProperty("java.class.path"), NativeLibraryChild.class.getName(), mode));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        List<String> transcript = new ArrayList<>();
        String line;
        // readLine returns when the child prints "loaded" or exits; the child never blocks before that.
        while ((line = out.readLine()) != null && !line.equals("loaded")) {
            transcript.add(line);
        }
        assertEquals("loaded", line, "child output: " + transcript);
        return child;
    }

    private static void kill9(Process child) throws Exception {
        Process kill = new ProcessBuilder("kill", "-9", Long.toString(child.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor());
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
    }

    private Set<String> catBoostFiles() throws Exception {
        Set<String> out = new TreeSet<>();
        try (var s = Files.list(tmp)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(StaleLibraryCopies.PREFIX))
                    .forEach(out::add);
        }
        return out;
    }
}

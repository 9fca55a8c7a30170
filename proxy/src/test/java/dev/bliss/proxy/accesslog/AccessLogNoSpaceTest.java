package dev.bliss.proxy.accesslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.config.AccessLogOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file system that fills up and frees again: a 512 KB tmpfs of its own (mounting needs root,
 * as CI runs; elsewhere the test is skipped with the reason), filled by another file until
 * writes fail with ENOSPC, then freed. The log must count what it could not write and go on
 * writing once there is room, as the detection log does.
 */
class AccessLogNoSpaceTest {

    @TempDir
    Path dir;
    private Path mount;

    @BeforeEach
    void mount() throws Exception {
        mount = dir.resolve("small");
        Files.createDirectories(mount);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        boolean mounted = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        if (!mounted) {
            mount = null;
        }
        Assumptions.assumeTrue(mounted, "skipped: cannot mount a small tmpfs to fill (needs root): " + out);
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void write(AccessLog log, int from, int count) {
        AccessLogRecorder r = log.newRecorder();
        for (int i = from; i < from + count; i++) {
            r.timing(i, 0, -1).status(200).request("GET", "/" + "x".repeat(200), null, null).commit();
        }
    }

    private static void awaitHandled(AccessLog log, long n) throws InterruptedException {
        for (int spins = 0; log.written() + log.writeFailures() + log.dropped() < n && spins < 100_000; spins++) {
            TimeUnit.MICROSECONDS.sleep(100);
        }
    }

    private static void fill(Path filler) {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException e) {
            assertTrue(String.valueOf(e.getMessage()).contains("No space"), e.toString());
        }
    }

    @Test
    void shouldWriteAgainOnceTheFileSystemHasRoomAfterENOSPC() throws Exception {
        Path file = mount.resolve("access.log");
        Path filler = mount.resolve("filler");
        AccessLog log = new AccessLog(new AccessLogOptions(file, 0, 1, 1 << 20), null);
        try (log) {
            write(log, 0, 10);
            awaitHandled(log, 10);
            log.reopen().get(10, TimeUnit.SECONDS); // flushed

            fill(filler);
            // more than the writer's buffer holds: the lines that reach the disk meet ENOSPC
            write(log, 10, 1000);
            awaitHandled(log, 1010);
            log.reopen(); // a flush and a reopen on a full disk fail too
            TimeUnit.MILLISECONDS.sleep(50);
            assertTrue(log.writeFailures() > 0, "lines written while the disk is full fail and are counted");

            Files.delete(filler);
            write(log, 5000, 10);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline && !Files.readString(file).contains("{\"ts\":5009,")) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
        }
        assertEquals(0, log.dropped());
        assertEquals(1020, log.written() + log.writeFailures(), "every line written or counted as failed");
        List<String> lines = Files.readAllLines(file);
        assertEquals(log.written(), lines.size(), "written means in the file");
        assertTrue(lines.getLast().startsWith("{\"ts\":5009,"), "the log resumed: " + lines.getLast());
        for (String line : lines) {
            assertTrue(line.startsWith("{\"ts\":") && line.endsWith("}"), "whole lines only: " + line);
        }
        assertEquals(10, lines.stream().filter(l -> l.matches("\\{\"ts\":50\\d\\d,.*")).count(), "each line after once");
    }
}

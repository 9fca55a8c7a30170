package dev.bliss.proxy.accesslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.proxy.config.AccessLogOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Size rotation (path, path.1, … up to max_files) and reopening after logrotate moved the file. */
class AccessLogFilesTest {

    @TempDir
    Path dir;

    private static void write(AccessLog log, int from, int count) {
        AccessLogRecorder r = log.newRecorder();
        for (int i = from; i < from + count; i++) {
            r.timing(i, 0, -1).status(200).request("GET", "/" + "x".repeat(200), null, null).commit();
        }
    }

    @Test
    void shouldRotateBySizeAndKeepMaxFiles() throws Exception {
        Path file = dir.resolve("access.log");
        long max = 64 << 10;
        try (AccessLog log = new AccessLog(new AccessLogOptions(file, max, 3, 1 << 20), null)) {
            // about 260 bytes a line: 2,000 lines are about 8 files' worth, in batches the ring holds
            for (int batch = 0; batch < 10; batch++) {
                write(log, batch * 200, 200);
                long target = (batch + 1) * 200L;
                for (int spins = 0; log.written() + log.dropped() < target && spins < 10_000; spins++) {
                    Thread.onSpinWait();
                    TimeUnit.MICROSECONDS.sleep(100);
                }
            }
            assertEquals(0, log.dropped());
        }
        assertTrue(Files.exists(file));
        assertTrue(Files.exists(dir.resolve("access.log.1")));
        assertTrue(Files.exists(dir.resolve("access.log.2")));
        assertFalse(Files.exists(dir.resolve("access.log.3")), "max_files 3: path, .1, .2");
        for (String name : List.of("access.log", "access.log.1", "access.log.2")) {
            long size = Files.size(dir.resolve(name));
            assertTrue(size <= max, name + " is " + size + " bytes");
            for (String line : Files.readAllLines(dir.resolve(name))) {
                assertTrue(line.startsWith("{\"ts\":") && line.endsWith("}"), "whole lines only: " + line);
            }
        }
        // the newest lines are in the current file, the last one last
        List<String> current = Files.readAllLines(file);
        assertTrue(current.getLast().startsWith("{\"ts\":1999,"), current.getLast());
    }

    @Test
    void shouldWriteToANewFileAfterReopen() throws Exception {
        Path file = dir.resolve("access.log");
        Path rotated = dir.resolve("access.log.2026-12-01");
        try (AccessLog log = new AccessLog(new AccessLogOptions(file, 0, 1, 1 << 20), null)) {
            write(log, 0, 3);
            awaitWritten(log, 3);
            log.reopen().get(10, TimeUnit.SECONDS); // flushes what it holds first
            Files.move(file, rotated); // what logrotate does, then it signals
            log.reopen().get(10, TimeUnit.SECONDS);
            write(log, 3, 2);
        }
        assertEquals(3, Files.readAllLines(rotated).size());
        List<String> fresh = Files.readAllLines(file);
        assertEquals(2, fresh.size());
        assertTrue(fresh.getFirst().startsWith("{\"ts\":3,"), fresh.getFirst());
    }

    private static void awaitWritten(AccessLog log, long n) throws InterruptedException {
        for (int spins = 0; log.written() < n && spins < 100_000; spins++) {
            TimeUnit.MICROSECONDS.sleep(100);
        }
        assertEquals(n, log.written());
    }
}

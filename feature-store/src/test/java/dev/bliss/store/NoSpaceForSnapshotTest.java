package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Not enough space. A small tmpfs cannot be mounted in the test environment, so the writer runs
 * in a child process under a file-size limit ({@code ulimit -f}, RLIMIT_FSIZE; the JVM ignores
 * SIGXFSZ): its {@code posix_fallocate} then fails with EFBIG exactly where a full tmpfs fails
 * it with ENOSPC, through the same code path.
 */
class NoSpaceForSnapshotTest {

    private static final SequencedSnapshots DATA = WriterChild.SMALL;

    @TempDir
    Path dir;
    private ChildJvm child;

    @AfterEach
    void stop() {
        if (child != null) {
            child.close();
        }
    }

    @Test
    void shouldFailTheWriterAndLeaveReadersOnThePublishedVersion() throws Exception {
        Path prefix = dir.resolve("n");
        List<String> java = ChildJvm.javaCommand(WriterChild.class, "grow", prefix.toString());
        List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -f 4096; exec \"$@\"", "bash"));
        command.addAll(java);
        child = ChildJvm.start(command);
        child.awaitLine("PUBLISHED", ChildJvm.DEADLINE);
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle h = reader.newHandle()) {
            String error = child.awaitLine("ERROR", ChildJvm.DEADLINE).replace("NO-ERROR", "");
            assertTrue(error.startsWith("ERROR NO_SPACE") && error.contains("EFBIG"), error);
            assertEquals(0, child.awaitExit(ChildJvm.DEADLINE));
            assertEquals(-1, reader.status().writingIndex(), "the failed write left no marker");
            float[] v = new float[DATA.vectorLength];
            try (ReadGuard g = h.acquire()) {
                assertEquals(1, g.sequence());
                assertTrue(g.table(0).copyTo(DATA.key(3), v, 0));
                assertTrue(DATA.matches(1, 0, DATA.key(3), v, 0));
            }
            assertEquals(0, reader.rejectedSnapshots());
        }
    }
}

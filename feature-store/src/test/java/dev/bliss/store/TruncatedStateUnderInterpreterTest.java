package dev.bliss.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A state file cut short under an interpreted reader (a child JVM with {@code -Xint}, so no
 * access to the mapping is covered by compiled code's unsafe-access handling): the reader must
 * fault and go on, never take the process down. HotSpot turns a SIGBUS into an
 * {@link InternalError} only in its guarded Unsafe accesses (get, put, copy); a
 * read-modify-write on a lost page (its interpreted compare-and-set) aborts the JVM with exit
 * code 134, which is what the reader counters did before the slots replaced them.
 */
class TruncatedStateUnderInterpreterTest {

    /** Bound on one child's run: an interpreted JVM on a loaded machine starts in seconds. */
    private static final Duration CHILD_LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private static List<String> interpreted(String... args) {
        List<String> command = new ArrayList<>(ChildJvm.javaCommand(TruncatedStateChild.class, args));
        command.remove("-XX:TieredStopAtLevel=1");
        command.add(1, "-Xint");
        return command;
    }

    private String run(String... args) throws Exception {
        List<String> command = interpreted(args);
        command.add(2, "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"));
        try (ChildJvm child = ChildJvm.start(command)) {
            // bounded; on expiry close() kills it (destroyForcibly)
            int exit = child.awaitExit(CHILD_LIMIT);
            String result;
            try {
                result = child.awaitLine("RESULT", Duration.ofSeconds(10));
            } catch (AssertionError e) {
                result = null;
            }
            assertEquals(0, exit, "exit code (134: the JVM aborted on the SIGBUS); output " + child.transcript());
            assertTrue(result != null, "no RESULT line; output " + child.transcript());
            return result;
        }
    }

    @Test
    void shouldFaultTheReaderWhenTheStateFileIsCutUnderAPin() throws Exception {
        String result = run("once", dir.resolve("once").toString());
        assertTrue(result.startsWith("RESULT faulted=true faults=1 "), result);
    }

    @Test
    void shouldSurviveTruncationsRacingAcquireAndClose() throws Exception {
        String result = run("race", dir.resolve("race").toString(), "50000");
        assertTrue(result.contains("faulted=") && !result.contains("faults=0 "), result);
    }
}

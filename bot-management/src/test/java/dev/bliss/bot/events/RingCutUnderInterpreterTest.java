package dev.bliss.bot.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The events ring cut short under an interpreted producer (a child JVM with {@code -Xint}): the
 * producer must meet {@link InternalError}s and go on, never take the process down. It does not
 * yet: Agrona's many-to-one ring claims space with a compare-and-set on the tail counter in the
 * mapped file, which HotSpot's interpreter runs outside its unsafe-access guard, so a cut that
 * lands between the producer's guarded loads and that CAS aborts the JVM (exit 134, SIGBUS in
 * {@code Unsafe_CompareAndSetLong} from {@code ManyToOneRingBuffer.claimCapacity}; 2 runs of 3 on
 * 2026-12-07, the third threw Agrona's "claimed space previously committed" when the file's
 * zeros came back between a claim and its commit). Enable it with the fix; see the
 * bot-management README, "Store and ring files cut short".
 */
@Disabled("known gap: the ring's tail CAS aborts an interpreted JVM when the file is cut short; not fixed yet")
class RingCutUnderInterpreterTest {

    @TempDir
    Path dir;

    @Test
    void shouldSurviveCutsRacingClaims() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("-Xint");
        command.add("-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"));
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-Xmx128m", "-cp", System.getProperty("java.class.path"), RingCutChild.class.getName(),
                dir.resolve("events").toString(), "50000"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        try {
            if (!child.waitFor(90, TimeUnit.SECONDS)) {
                throw new AssertionError("child did not exit within 90 s");
            }
            assertEquals(0, child.exitValue(), () -> "exit code (134: the JVM aborted on the SIGBUS); output "
                    + read(dir.resolve("child.out")));
        } finally {
            child.destroyForcibly();
        }
    }

    private static String read(Path file) {
        try {
            return java.nio.file.Files.readString(file);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}

package dev.bliss.bot.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The events ring cut short under an interpreted producer (a child JVM with {@code -Xint}): the
 * producer must meet {@link InternalError}s (and Agrona's "claimed space previously committed"
 * when the file's zeros come back between a claim and its commit) and go on, never take the
 * process down. With Agrona's many-to-one ring, which claims space with a compare-and-set on the
 * tail counter in the mapped file, HotSpot's interpreter ran that CAS outside its unsafe-access
 * guard and the JVM aborted (exit 134, SIGBUS in {@code Unsafe_CompareAndSetLong} from
 * {@code ManyToOneRingBuffer.claimCapacity}; 2 runs of 3 on 2026-12-07). Each ring now has one
 * producer ({@link RingEventSink}, one ring per event loop), and Agrona's one-to-one ring claims
 * with loads and stores only. See the bot-management README, "Store and ring files cut short".
 */
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
                dir.resolve("events").resolve("0").toString(), "50000"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        try {
            if (!child.waitFor(90, TimeUnit.SECONDS)) {
                throw new AssertionError("child did not exit within 90 s");
            }
            String output = read(dir.resolve("child.out"));
            assertEquals(0, child.exitValue(), () -> "exit code (134: the JVM aborted on the SIGBUS); output " + output);
            java.util.regex.Matcher result = java.util.regex.Pattern.compile("RESULT faults=(\\d+) stale=(\\d+) claims=(\\d+)")
                    .matcher(output);
            assertTrue(result.find(), () -> "no result line: " + output);
            assertTrue(Long.parseLong(result.group(1)) + Long.parseLong(result.group(2)) > 0,
                    () -> "the producer met no cut at all, so the test proved nothing: " + output);
            assertTrue(Long.parseLong(result.group(3)) > 0, () -> "no record claimed: " + output);
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

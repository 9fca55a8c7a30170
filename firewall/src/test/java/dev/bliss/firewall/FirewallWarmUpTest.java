package dev.bliss.firewall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.ByteVector;
import org.junit.jupiter.api.Test;

/**
 * {@link Firewall#warmUp} leaves nothing for the first requests to compile: in a fresh JVM, after
 * the warm-up and no evaluation at all, the first 100,000 evaluations of the realistic rules
 * allocate next to nothing beyond the evaluator's first-use buffers, while the same evaluations
 * in a JVM without the warm-up allocate megabytes (where the CPU runs the vector kernels at all).
 * The steady state's exact 0 is {@link ZeroAllocationTest}'s.
 */
class FirewallWarmUpTest {

    private static final int MEASURED_PAIRS = 50_000;
    private static final int FIRST_USE_PAIRS = 16;
    /**
     * Not 0: in a JVM this young, compilations still replace methods the evaluation calls, and a
     * deoptimisation now and then materialises a few objects (measured: 0-500 bytes in all). A
     * cold JVM allocates over 100 MB here on a machine with 256-bit vectors (measured: 139 MB).
     */
    private static final long NOISE = 4_096;
    private static final long COLD = 1 << 20;

    @Test
    void shouldLeaveTheFirstEvaluationsOfAFreshJvmAllocationFree() throws Exception {
        String warm = child("warm");
        assertTrue(warm.startsWith("compiled=true "), warm);
        assertTrue(allocated(warm) < NOISE, warm);
    }

    @Test
    void shouldShowThatAColdJvmAllocatesWithoutIt() throws Exception {
        boolean vectorized = ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
        String cold = child("cold");
        assertEquals(vectorized, allocated(cold) > COLD, cold);
    }

    private static long allocated(String childLine) {
        return Long.parseLong(childLine.substring(childLine.indexOf("allocated=") + "allocated=".length()));
    }

    /** Runs {@link Child} in a new JVM and returns its one line of output. */
    private static String child(String mode) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-Xmx128m", "-cp", System.getProperty("java.class.path"), Child.class.getName(), mode));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM finished");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out.lines().filter(l -> l.startsWith("compiled=")).findFirst().orElse(out);
    }

    /** The child: optionally warm up, then count the bytes the first evaluations allocate. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            boolean compiled = args[0].equals("warm") && Firewall.warmUp(Duration.ofSeconds(60));
            RealisticTraffic traffic = new RealisticTraffic();
            long sink = 0;
            for (int i = 0; i < FIRST_USE_PAIRS; i++) {
                sink += traffic.evaluatePair(); // the evaluator's scratch buffers grow to fit, once
            }
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MEASURED_PAIRS; i++) {
                sink += traffic.evaluatePair();
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            if (sink != 3L * (FIRST_USE_PAIRS + MEASURED_PAIRS)) {
                throw new AssertionError("wrong verdicts: " + sink);
            }
            System.out.println("compiled=" + compiled + " allocated=" + allocated);
        }
    }
}

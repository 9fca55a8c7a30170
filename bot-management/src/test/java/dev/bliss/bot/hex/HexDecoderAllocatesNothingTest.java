package dev.bliss.bot.hex;

import com.sun.management.ThreadMXBean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

import static dev.bliss.bot.hex.HexInputs.lowBytes;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * After {@link HexDecoder#warmUp()}, the vector kernel allocates nothing: 0 thread-allocated
 * bytes over many decodes of every entry point, valid and invalid input alike. Non-zero bytes
 * would mean boxed vectors, i.e. code C2 did not intrinsify.
 */
class HexDecoderAllocatesNothingTest {

    private static final int DECODES = 100_000;
    private static final int PASSES = 10;
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    // JA3, a dimension key, 64 and 130 chars (more than one chunk of chars), a bad JA3.
    private static final String[] TEXTS = {
        "cd9f8dd0e6ef1a2c2f94d6a2e6bd2f43",
        "0123456789ABCDEF",
        "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF",
        "0123456789abcdef".repeat(8) + "ab",
        "cd9f8dd0e6ef1a2c2f94d6a2e6bd2f4\u0130",
    };

    private static boolean warmedUp;

    private final HexDecoder decoder = new HexDecoder();
    private final byte[][] bytes = new byte[TEXTS.length][];
    private final byte[] out = new byte[128];
    private final long[] longs = new long[16];

    @BeforeAll
    static void shouldRunTheVectorKernel() {
        assertTrue(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
                "tests must run with --add-modules jdk.incubator.vector (see the parent pom)");
        assumeTrue(VectorHexDecoder.preferredBits() >= 256, "this CPU has no 256-bit vectors");
        assertTrue(HexDecoder.isVectorized(), HexDecoder.implementation());
        assertTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled());
        // Not asserted: on a starved machine C2 may still be compiling when warm-up gives up;
        // the passes below wait for it by count.
        warmedUp = HexDecoder.warmUp();
    }

    @Test
    void shouldAllocateNothingOnTheVectorPathAfterWarmUp() {
        for (int i = 0; i < TEXTS.length; i++) {
            bytes[i] = lowBytes(TEXTS[i]);
        }
        // Several passes, and one of them must be clean: a JVM event in this test's own loop (its
        // OSR compilation, a deoptimisation) can cost a few dozen bytes once, which is not the
        // decoder allocating. A decoder that allocates does so in every pass.
        long[] allocated = new long[PASSES];
        long thread = Thread.currentThread().threadId();
        boolean clean = false;
        int sum = 0;
        for (int pass = 0; pass < PASSES && !clean; pass++) {
            long before = allocatedBytes(thread);
            sum += decodeAll();
            allocated[pass] = allocatedBytes(thread) - before;
            clean = allocated[pass] == 0;
        }
        assertTrue(clean,
                "bytes allocated per pass of " + DECODES + " rounds: " + Arrays.toString(allocated)
                        + " (warm-up reported " + (warmedUp ? "allocation-free" : "not settled") + ")");
        assertTrue(sum != 0);
    }

    /** One call site for both readings, so that linking it is not counted in between. */
    private static long allocatedBytes(long thread) {
        return THREADS.getThreadAllocatedBytes(thread);
    }

    private int decodeAll() {
        int sum = 0;
        for (int r = 0; r < DECODES; r++) {
            int k = r % TEXTS.length;
            String text = TEXTS[k];
            byte[] raw = bytes[k];
            sum += decoder.decode(raw, 0, raw.length, out, 0);
            sum += decoder.decode(text, 0, text.length(), out, 0);
            sum += decoder.decodeLongs(raw, 0, raw.length, longs, 0);
            sum += decoder.decodeLongs(text, 0, text.length(), longs, 0);
        }
        return sum;
    }
}

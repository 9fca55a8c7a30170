package dev.bliss.bot.hex;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * Drives {@link HexDecoder} through every path until C2 has compiled it.
 *
 * <p>A fixed number of calls is not enough: C2 compiles in the background, and on a busy
 * 2-core machine the vector methods sat in its queue for seconds after they had been called
 * often enough. So the warm-up runs in batches and, after each, <em>probes</em>: it calls every
 * entry point once per length from a method that runs once per batch and so stays interpreted
 * (or in C1 code, which does not inline them), measuring this thread's allocated bytes. Those
 * calls reach the decoder's own compiled code, which is what a caller gets that does not inline
 * it. Interpreted or C1-compiled vector code boxes every vector, hundreds of bytes per call, so
 * probes that stay clean for a quarter of a second mean every path runs intrinsified code. The batches themselves
 * are not measured: the JIT may compile the batch loop as one large unit with all four entry
 * points inlined, which says nothing about other callers. Where thread allocation cannot be
 * measured, a fixed number of batches runs instead.
 *
 * <p>The lengths reach every branch (one step, an overlapping last step, several chunks of chars)
 * and every other round has a bad last character, so that the failure branch is in the profile
 * and the first bad header does not deoptimise the hot code.
 */
final class HexWarmUp {

    private static final int ROUNDS_PER_BATCH = 2_000;
    /** C2 wants about 5,000 calls of a method before it queues it: 5 batches make 10,000. */
    private static final int MIN_BATCHES = 5;
    /** Without an allocation meter: about 3x what C2 needs on an idle machine. */
    private static final int BLIND_BATCHES = 15;
    private static final int CLEAN_PROBES_TO_STOP = 5;
    /**
     * How long the probes must stay clean. A C2 compilation takes tens of milliseconds, and a
     * method can still be in flight (its caller compiled, itself not yet) while a few quick
     * probes pass; without this, a call right after warm-up was once seen allocating for 10^4
     * calls.
     */
    private static final long CLEAN_NANOS_TO_STOP = 250_000_000L;
    private static final long MAX_NANOS = 10_000_000_000L;
    private static final int[] LENGTHS = {16, 24, 32, 48, 64, 88, 130};
    private static final int MAX_LENGTH = 130;

    @SuppressWarnings("unused")
    private static volatile int results;

    private HexWarmUp() {
    }

    /** @return true once the probes were clean, false if not within the time limit or not measurable */
    static boolean run() {
        StringBuilder text = new StringBuilder(MAX_LENGTH);
        String digits = "0123456789abcdefABCDEF";
        for (int i = 0; i < MAX_LENGTH; i++) {
            text.append(digits.charAt((i * 7 + 3) % digits.length()));
        }
        String hex = text.toString();
        // Bad inputs end in the bad char, so the last step, not the first, sees it.
        String badHex = hex.substring(0, MAX_LENGTH - 1) + '\u0130';
        byte[] hexBytes = hex.getBytes(StandardCharsets.US_ASCII);
        byte[] badBytes = hexBytes.clone();
        badBytes[MAX_LENGTH - 1] = 'g';
        Inputs in = new Inputs(new HexDecoder(), hex, badHex, hexBytes, badBytes,
                new byte[MAX_LENGTH / 2], new long[MAX_LENGTH / 16 + 1]);

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // jdk.management holds the per-thread meter; a trimmed runtime image may lack it.
        boolean metered = ModuleLayer.boot().findModule("jdk.management").isPresent()
                && threads instanceof com.sun.management.ThreadMXBean meter
                && meter.isThreadAllocatedMemorySupported() && meter.isThreadAllocatedMemoryEnabled();
        long deadline = System.nanoTime() + MAX_NANOS;
        int sum = 0;
        int clean = 0;
        long cleanSince = 0;
        for (int batch = 1; ; batch++) {
            sum += exercise(in);
            if (!metered) {
                if (batch >= BLIND_BATCHES) {
                    results = sum;
                    return false;
                }
                continue;
            }
            long before = allocatedBytes(threads);
            sum += probe(in);
            long now = System.nanoTime();
            if (allocatedBytes(threads) != before) {
                clean = 0;
            } else if (clean++ == 0) {
                cleanSince = now;
            }
            if (batch >= MIN_BATCHES && clean >= CLEAN_PROBES_TO_STOP && now - cleanSince >= CLEAN_NANOS_TO_STOP) {
                results = sum;
                return true;
            }
            if (now - deadline > 0) {
                results = sum;
                return false;
            }
        }
    }

    /** One batch: every entry point, cycling through the lengths, every other round bad. */
    private static int exercise(Inputs in) {
        int sum = 0;
        for (int r = 0; r < ROUNDS_PER_BATCH; r++) {
            sum += decodeAll(in, LENGTHS[r % LENGTHS.length], (r & 1) != 0);
        }
        return sum;
    }

    /** Every entry point at every length, good and bad: once per batch, so it stays cold. */
    private static int probe(Inputs in) {
        int sum = 0;
        for (int length : LENGTHS) {
            sum += decodeAll(in, length, false) + decodeAll(in, length, true);
        }
        return sum;
    }

    private static int decodeAll(Inputs in, int length, boolean bad) {
        byte[] b = bad ? in.badBytes : in.hexBytes;
        String s = bad ? in.badHex : in.hex;
        int from = MAX_LENGTH - length;
        return in.decoder.decode(b, from, MAX_LENGTH, in.out, 0)
                + in.decoder.decode(s, from, MAX_LENGTH, in.out, 0)
                + in.decoder.decodeLongs(b, from, MAX_LENGTH, in.longs, 0)
                + in.decoder.decodeLongs(s, from, MAX_LENGTH, in.longs, 0);
    }

    private static long allocatedBytes(ThreadMXBean threads) {
        return ((com.sun.management.ThreadMXBean) threads).getCurrentThreadAllocatedBytes();
    }

    private record Inputs(HexDecoder decoder, String hex, String badHex, byte[] hexBytes, byte[] badBytes,
                          byte[] out, long[] longs) {
    }
}

package dev.bliss.bot.hex;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * Drives {@link HexDecoder} through every path until C2 has compiled it.
 *
 * <p>A fixed number of calls is not enough: C2 compiles in the background, and on a busy
 * 2-core machine the vector methods sat in its queue for a second or more after they had been
 * called often enough. So the warm-up runs in batches and stops once several batches in a row
 * allocated (almost) nothing on this thread. Interpreted or C1-compiled vector code boxes every
 * vector, hundreds of bytes per call, so a quiet batch means every path runs intrinsified code.
 * Where thread allocation cannot be measured it runs a fixed number of batches instead.
 *
 * <p>Each batch covers both input types, bytes and longs out, lengths that reach every branch
 * of the kernel (one 16-step, 16 + overlap, 32-steps with and without tails, several chunks of
 * chars), and now and then a bad input, so that the failure branch is in the profile and the
 * first bad header does not deoptimise the hot code.
 */
final class HexWarmUp {

    private static final int ROUNDS_PER_BATCH = 1_000;
    /** C2 wants about 5,000 calls of a method before it queues it: 10 batches do 10,000. */
    private static final int MIN_BATCHES = 10;
    /** Without an allocation meter: about 3x what C2 needs on an idle machine. */
    private static final int BLIND_BATCHES = 30;
    private static final int QUIET_BATCHES_TO_STOP = 5;
    /** A batch makes 4,000 calls; one boxed vector per call would be far above this. */
    private static final long QUIET_BYTES = 1_024;
    private static final long MAX_NANOS = 10_000_000_000L;
    private static final int[] LENGTHS = {16, 24, 32, 48, 64, 88, 130};
    private static final int BAD_EVERY = 16;

    @SuppressWarnings("unused")
    private static volatile int results;

    private HexWarmUp() {
    }

    /** @return true if every path was seen allocation-free, false if not within the time limit or not measurable */
    static boolean run() {
        int max = LENGTHS[LENGTHS.length - 1];
        StringBuilder text = new StringBuilder(max);
        String digits = "0123456789abcdefABCDEF";
        for (int i = 0; i < max; i++) {
            text.append(digits.charAt((i * 7 + 3) % digits.length()));
        }
        String hex = text.toString();
        String badHex = hex.substring(0, max - 1) + '\u0130';
        byte[] hexBytes = hex.getBytes(StandardCharsets.US_ASCII);
        byte[] badBytes = hexBytes.clone();
        badBytes[max - 1] = 'g';

        HexDecoder decoder = new HexDecoder();
        byte[] out = new byte[max / 2];
        long[] longs = new long[max / 16 + 1];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // jdk.management holds the per-thread meter; a trimmed runtime image may lack it.
        boolean metered = ModuleLayer.boot().findModule("jdk.management").isPresent()
                && threads instanceof com.sun.management.ThreadMXBean meter
                && meter.isThreadAllocatedMemorySupported() && meter.isThreadAllocatedMemoryEnabled();
        long deadline = System.nanoTime() + MAX_NANOS;
        int sum = 0;
        int quiet = 0;
        for (int batch = 0; ; batch++) {
            long before = metered ? allocatedBytes(threads) : 0;
            for (int r = 0; r < ROUNDS_PER_BATCH; r++) {
                int n = LENGTHS[r % LENGTHS.length];
                boolean bad = r % BAD_EVERY == BAD_EVERY - 1;
                byte[] b = bad ? badBytes : hexBytes;
                String s = bad ? badHex : hex;
                // Bad inputs end in the bad char, so the tail step, not the bulk, sees it.
                int from = max - n;
                sum += decoder.decode(b, from, max, out, 0);
                sum += decoder.decode(s, from, max, out, 0);
                sum += decoder.decodeLongs(b, from, max, longs, 0);
                sum += decoder.decodeLongs(s, from, max, longs, 0);
            }
            if (!metered) {
                if (batch + 1 >= BLIND_BATCHES) {
                    results = sum;
                    return false;
                }
                continue;
            }
            quiet = allocatedBytes(threads) - before < QUIET_BYTES ? quiet + 1 : 0;
            if (batch + 1 >= MIN_BATCHES && quiet >= QUIET_BATCHES_TO_STOP) {
                results = sum;
                return true;
            }
            if (System.nanoTime() - deadline > 0) {
                results = sum;
                return false;
            }
        }
    }

    private static long allocatedBytes(ThreadMXBean threads) {
        return ((com.sun.management.ThreadMXBean) threads).getCurrentThreadAllocatedBytes();
    }
}

package dev.bliss.firewall.regex;

import java.lang.management.ManagementFactory;

/**
 * Gets every {@link PairScan} kernel compiled by C2 before requests need it.
 *
 * <p>Until C2 has compiled a kernel with the Vector API intrinsics, each call builds vector
 * objects on the heap: a proxy that starts serving cold allocates on every event loop for the
 * first few hundred thousand regex and {@code contains} evaluations. Compiled code is shared by
 * every caller, so scanning on any thread is enough; done is when a whole round over all four
 * kernels allocates nothing on this thread, which only intrinsified code achieves.
 */
public final class PairScanWarmUp {

    private static final int SCANS_PER_ROUND = 2_000;

    private PairScanWarmUp() {
    }

    /**
     * Scans until a round allocates nothing or the budget is spent; blocking.
     *
     * @return whether the kernels were seen compiled (true at once where the scan is scalar)
     */
    public static boolean run(long budgetNanos) {
        if (!PairScan.VECTORIZED) {
            return true;
        }
        // pairs that never occur in the text, so each scan crosses the whole array in vector steps
        PairScan[] kernels = {
            PairScan.ofNeedle((byte) '#', (byte) '!'),
            new PairScan.Both(pairTable('#', '!'), new byte[] {'#', '#', '#', '#'}, new byte[] {'!', '!', '!', '!'}),
            new PairScan.First(pairTable('#', '!'), new byte[] {'#', '#', '#', '#'}),
            new PairScan.Second(pairTable('#', '!'), new byte[] {'!', '!', '!', '!'}),
        };
        byte[] text = new byte[256];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ('a' + i % 26);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + budgetNanos;
        int sink = 0;
        do {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < SCANS_PER_ROUND; i++) {
                for (PairScan k : kernels) {
                    sink += k.next(text, i & 7, text.length);
                }
            }
            if (threads.getCurrentThreadAllocatedBytes() == before) {
                return sink != 0; // -1 per scan: never zero, and it keeps the loop's results alive
            }
        } while (System.nanoTime() < deadline);
        return false;
    }

    private static long[][] pairTable(char first, char second) {
        long[][] pairs = new long[256][];
        pairs[first] = Bits.of(second);
        return pairs;
    }
}

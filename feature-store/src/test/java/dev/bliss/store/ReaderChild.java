package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;

import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Test main: a reader process. Modes:
 * <ul>
 *   <li>{@code hold PREFIX}: acquire a guard, print {@code HOLDING <index> <sequence>}, then block
 *       on stdin with the guard open (the test kills it).
 *   <li>{@code slot PREFIX}: make a handle, print {@code SLOT <slot>}, then block on stdin.
 *   <li>{@code verify PREFIX SECONDS DIMS KEYS FLOATS}: read and check {@link SequencedSnapshots}
 *       values for SECONDS, print {@code RESULT reads=.. torn=.. empty=.. switches=..}.
 * </ul>
 */
public final class ReaderChild {

    private ReaderChild() {
    }

    public static void main(String[] args) throws Exception {
        Path prefix = Path.of(args[1]);
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            switch (args[0]) {
                case "hold" -> {
                    ReadGuard guard = handle.acquire();
                    System.out.println("HOLDING " + InstanceVersion.index(guard.version()) + " " + guard.sequence());
                    System.out.flush();
                    System.in.read();
                    guard.close();
                }
                case "slot" -> {
                    System.out.println("SLOT " + handle.slot());
                    System.out.flush();
                    System.in.read();
                }
                case "verify" -> {
                    VerifyResult r = verify(handle, Long.parseLong(args[2]) * 1_000_000_000L, new SequencedSnapshots(
                            Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5])));
                    System.out.println("RESULT reads=" + r.reads() + " torn=" + r.torn() + " empty=" + r.empty()
                            + " switches=" + r.switches());
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
    }

    /** Counts of one verifying run. */
    record VerifyResult(long reads, long torn, long empty, long switches) {
    }

    /** Reads random keys of every dimension for {@code nanos}, checking each vector against its sequence. */
    static VerifyResult verify(ReadHandle handle, long nanos, SequencedSnapshots data) {
        SplittableRandom random = new SplittableRandom();
        float[] vector = new float[data.vectorLength * data.dimensions];
        LookupBatch batch = new LookupBatch(data.dimensions);
        long reads = 0;
        long torn = 0;
        long empty = 0;
        long switches = 0;
        long lastSequence = -1;
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            try (ReadGuard guard = handle.acquire()) {
                if (!guard.hasSnapshot()) {
                    empty++;
                    continue;
                }
                long sequence = guard.sequence();
                if (sequence != lastSequence) {
                    switches++;
                    lastSequence = sequence;
                }
                batch.clear();
                for (int d = 0; d < data.dimensions; d++) {
                    batch.add(guard.table(d), data.key(random.nextInt(data.keysPerDimension)));
                }
                batch.locate();
                for (int d = 0; d < data.dimensions; d++) {
                    reads++;
                    int i = d * data.vectorLength;
                    if (!batch.copyTo(d, vector, i)
                            || !data.matches(sequence, d, batch.keyAt(d), vector, i)) {
                        torn++;
                    }
                }
            }
        }
        return new VerifyResult(reads, torn, empty, switches);
    }
}

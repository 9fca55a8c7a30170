package dev.bliss.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read path (acquire, lookups hit and miss, batch, close) allocates nothing once warm. */
class ZeroAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final SequencedSnapshots DATA = new SequencedSnapshots(6, 10_000, 32);
    private static final int LOOKUPS = 1_000_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "guardsPerPin={0}")
    @ValueSource(ints = {1, 256})
    void shouldAllocateNothingOverAMillionLookups(int guardsPerPin) throws StoreException {
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("z")))) {
            DATA.publish(writer, 1);
            try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("z"))
                    .guardsPerPin(guardsPerPin));
                 ReadHandle handle = reader.newHandle()) {
                Lookups lookups = new Lookups(handle);
                for (int i = 0; i < 10; i++) {
                    lookups.run(100_000);
                }
                // best of three: a JIT transition on a loaded machine may allocate once; an
                // allocating read path allocates in every run
                long allocated = Long.MAX_VALUE;
                long hits = 0;
                for (int run = 0; run < 3 && allocated != 0; run++) {
                    THREADS.getCurrentThreadAllocatedBytes();
                    long before = THREADS.getCurrentThreadAllocatedBytes();
                    hits = lookups.run(LOOKUPS);
                    allocated = Math.min(allocated, THREADS.getCurrentThreadAllocatedBytes() - before);
                }
                assertEquals(0, allocated, "bytes allocated over " + LOOKUPS + " lookups");
                assertTrue(hits > LOOKUPS / 3 && hits < LOOKUPS, "hits and misses both exercised: " + hits);
            }
        }
    }

    /** One request-like loop: a guard, a single lookup (hit or miss), and every 8th time a batch of six. */
    private static final class Lookups {
        private final ReadHandle handle;
        private final long[] keys = new long[DATA.keysPerDimension];
        private final long[] absent = new long[1024];
        private final float[] vector = new float[6 * 32];
        private final LookupBatch batch = new LookupBatch(6);

        Lookups(ReadHandle handle) {
            this.handle = handle;
            for (int i = 0; i < keys.length; i++) {
                keys[i] = DATA.key(i);
            }
            for (int i = 0; i < absent.length; i++) {
                absent[i] = DATA.absentKey(i);
            }
        }

        /** Performs {@code lookups} lookups; returns the hits. */
        long run(int lookups) {
            long hits = 0;
            int done = 0;
            int i = 0;
            while (done < lookups) {
                i++;
                try (ReadGuard guard = handle.acquire()) {
                    if ((i & 7) == 0) {
                        batch.clear();
                        for (int d = 0; d < 6; d++) {
                            batch.add(guard.table(d), (i & 8) == 0 ? keys[(i * 7 + d) % keys.length] : absent[(i + d) & 1023]);
                        }
                        batch.locate();
                        for (int d = 0; d < 6; d++) {
                            if (batch.copyTo(d, vector, d * 32)) {
                                hits++;
                            }
                        }
                        done += 6;
                    } else {
                        FeatureTable table = guard.table(i % 6);
                        long key = (i & 1) == 0 ? keys[i % keys.length] : absent[i & 1023];
                        if (table.copyTo(key, vector, 0)) {
                            hits++;
                        }
                        long at = table.find(key);
                        if (at != FeatureTable.MISSING) {
                            vector[1] = table.feature(at, 3);
                        }
                        done += 1;
                    }
                }
            }
            return hits;
        }
    }
}

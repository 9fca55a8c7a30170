package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stress: one writer publishing snapshots whose values derive from their sequence, four reader
 * threads and two reader processes checking every vector they read against the guard's
 * sequence. Bounded by {@code -Dbliss.store.stressSeconds} (default 15).
 */
class ConcurrentReadersSeeWholeSnapshotsTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(3, 3000, 16);
    private static final long SECONDS = Long.getLong("bliss.store.stressSeconds", 15);

    @TempDir
    Path dir;
    private final List<ChildJvm> children = new ArrayList<>();
    private ExecutorService threads;

    @AfterEach
    void stop() {
        children.forEach(ChildJvm::close);
        if (threads != null) {
            threads.shutdownNow();
        }
    }

    @Test
    void shouldNeverServeATornOrInvalidSnapshot() throws Exception {
        Path prefix = dir.resolve("stress");
        AtomicBoolean stop = new AtomicBoolean();
        threads = Executors.newFixedThreadPool(5);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)
                .gracePeriod(Duration.ofSeconds(60)))) {
            DATA.publish(writer, 1);
            Future<long[]> publisher = threads.submit(() -> {
                long published = 0;
                long resets = 0;
                for (long sequence = 2; !stop.get(); sequence++) {
                    if (DATA.publish(writer, sequence).readerCounterReset()) {
                        resets++;
                    }
                    published++;
                }
                return new long[] {published, resets};
            });
            for (int i = 0; i < 2; i++) {
                children.add(ChildJvm.start(ReaderChild.class, "verify", prefix.toString(), Long.toString(SECONDS),
                        Integer.toString(DATA.dimensions), Integer.toString(DATA.keysPerDimension),
                        Integer.toString(DATA.vectorLength)));
            }
            try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
                List<Future<ReaderChild.VerifyResult>> readers = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    readers.add(threads.submit(() -> {
                        try (ReadHandle handle = reader.newHandle()) {
                            return ReaderChild.verify(handle, TimeUnit.SECONDS.toNanos(SECONDS), DATA);
                        }
                    }));
                }
                long switches = 0;
                for (Future<ReaderChild.VerifyResult> f : readers) {
                    ReaderChild.VerifyResult r = f.get(SECONDS + 60, TimeUnit.SECONDS);
                    assertEquals(0, r.torn(), "torn reads in a reader thread: " + r);
                    assertEquals(0, r.empty(), "guards without a snapshot: " + r);
                    assertTrue(r.reads() > 0);
                    switches += r.switches();
                }
                for (ChildJvm child : children) {
                    String line = child.awaitLine("RESULT", ChildJvm.DEADLINE.plusSeconds(SECONDS));
                    assertTrue(line.contains(" torn=0 ") && line.contains(" empty=0 "), line);
                    assertEquals(0, child.awaitExit(ChildJvm.DEADLINE));
                }
                stop.set(true);
                long[] written = publisher.get(60, TimeUnit.SECONDS);
                assertEquals(0, written[1], "no grace-period resets");
                assertTrue(written[0] > 10 && switches > 10, "versions published " + written[0] + ", seen " + switches);
                assertEquals(0, reader.rejectedSnapshots());
                assertArrayEquals(new long[] {0, 0}, reader.status().readers(), "counters back to zero");
            }
        }
    }
}

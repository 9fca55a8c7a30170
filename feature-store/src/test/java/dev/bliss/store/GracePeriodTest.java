package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GracePeriodTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 50, 2);

    @TempDir
    Path dir;
    private FeatureStoreReader reader;

    @BeforeEach
    void open() throws StoreException {
        FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("g"))).close();
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("g")));
    }

    @AfterEach
    void close() {
        reader.close();
    }

    @Test
    void shouldAbandonThePinAndSayAfterTheGracePeriodExpires() throws StoreException {
        Duration grace = Duration.ofMillis(200);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("g")).gracePeriod(grace));
             ReadHandle h = reader.newHandle()) {
            DATA.publish(writer, 1);
            ReadGuard stuck = h.acquire();
            assertFalse(DATA.publish(writer, 2).readerCounterReset(), "the other file has no reader");
            WriteResult third = DATA.publish(writer, 3);
            assertTrue(third.readerCounterReset());
            assertTrue(third.graceWaitNanos() >= grace.toNanos());
            assertEquals(0, reader.status().readers()[0]);
            stuck.close();
            assertArrayEquals(new long[] {0, 0}, reader.status().readers(), "the late close clears the slot");
        }
    }

    @Test
    void shouldCountTheNextPinOfAHandleWhosePinWasAbandoned() throws StoreException {
        Duration grace = Duration.ofMillis(200);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("g")).gracePeriod(grace));
             ReadHandle h = reader.newHandle()) {
            DATA.publish(writer, 1);
            ReadGuard stuck = h.acquire();
            DATA.publish(writer, 2);
            assertTrue(DATA.publish(writer, 3).readerCounterReset(), "file 0's pin abandoned");
            stuck.close();
            ReadGuard again = h.acquire(); // pins file 0 again, with a new generation
            assertEquals(3, again.sequence());
            assertArrayEquals(new long[] {1, 0}, reader.status().readers(), "the new pin counts");
            assertFalse(DATA.publish(writer, 4).readerCounterReset(), "file 1 has no reader");
            WriteResult fifth = DATA.publish(writer, 5);
            assertTrue(fifth.readerCounterReset(), "the writer waited for the new pin on file 0 again");
            assertTrue(fifth.graceWaitNanos() >= grace.toNanos());
            again.close();
        }
    }

    @Test
    void shouldWaitForAGuardToCloseWithoutResettingIt() throws Exception {
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("g"))
                .gracePeriod(Duration.ofSeconds(60)));
             ReadHandle h = reader.newHandle()) {
            DATA.publish(writer, 1);
            DATA.publish(writer, 2);
            ReadGuard g = h.acquire();
            assertEquals(2, g.sequence());
            DATA.publish(writer, 3);
            // the next write goes to the file this guard reads: it must wait for it
            CompletableFuture<WriteResult> fourth = CompletableFuture.supplyAsync(() -> {
                try {
                    return DATA.publish(writer, 4);
                } catch (StoreException e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (reader.status().writingIndex() != 1 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, reader.status().writingIndex(), "writer is waiting on file 1");
            assertFalse(fourth.isDone());
            float[] v = new float[2];
            assertTrue(g.table(0).copyTo(DATA.key(3), v, 0));
            assertTrue(DATA.matches(2, 0, DATA.key(3), v, 0));
            g.close();
            WriteResult result = fourth.get(30, TimeUnit.SECONDS);
            assertFalse(result.readerCounterReset());
            assertEquals(1, result.dataFileIndex());
        }
    }
}

package dev.bliss.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The race the original protocol has: a reader loads the version (file 0), stalls; the writer
 * publishes to file 1 and starts rewriting file 0, which no slot pins; the reader resumes and
 * pins file 0. Re-loading the version after the pin sends it to file 1.
 */
class ReaderRetriesAfterVersionFlipTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 64, 4);

    @TempDir
    Path dir;

    @Test
    void shouldNotReadAFileTheWriterStartedRewritingWhileTheReaderStalled() throws Exception {
        Path prefix = dir.resolve("flip");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            SnapshotBuilder[] rewriting = new SnapshotBuilder[1];
            handle.stallOnceBeforeIncrement(() -> {
                try {
                    DATA.publish(writer, 2);                    // file 1
                    rewriting[0] = writer.begin(DATA.spec(3));  // file 0: counter 0, so no wait; zero-filled now
                } catch (StoreException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (ReadGuard guard = handle.acquire()) {
                assertEquals(2, guard.sequence(), "moved to the version published during the stall");
                float[] v = new float[4];
                assertTrue(guard.table(0).copyTo(DATA.key(11), v, 0));
                assertTrue(DATA.matches(2, 0, DATA.key(11), v, 0));
                assertArrayEquals(new long[] {0, 1}, reader.status().readers(), "counted on file 1 only");
            }
            rewriting[0].close();
        }
    }
}

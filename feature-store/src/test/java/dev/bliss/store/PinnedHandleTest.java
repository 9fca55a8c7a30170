package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PinnedHandleTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 20, 2);

    @TempDir
    Path dir;
    private FeatureStoreWriter writer;
    private FeatureStoreReader reader;

    @BeforeEach
    void open() throws StoreException {
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("p")).gracePeriod(Duration.ofSeconds(30)));
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("p")).guardsPerPin(4));
    }

    @AfterEach
    void close() {
        reader.close();
        writer.close();
    }

    @Test
    void shouldKeepOnePinAcrossGuardsUntilTheEpochEnds() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle()) {
            for (int i = 0; i < 3; i++) {
                h.acquire().close();
                assertTrue(h.isPinned());
                assertArrayEquals(new long[] {1, 0}, reader.status().readers());
            }
            h.acquire().close();
            assertFalse(h.isPinned(), "the fourth guard ends the epoch");
            assertArrayEquals(new long[] {0, 0}, reader.status().readers());
        }
    }

    @Test
    void shouldMoveThePinWhenANewVersionIsPublished() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle()) {
            h.acquire().close();
            DATA.publish(writer, 2);
            try (ReadGuard g = h.acquire()) {
                assertEquals(2, g.sequence());
            }
            assertArrayEquals(new long[] {0, 1}, reader.status().readers());
            h.releasePin();
            assertArrayEquals(new long[] {0, 0}, reader.status().readers());
        }
    }

    @Test
    void shouldLetTheWriterRewriteAfterTheIdleHandleReleasesItsPin() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle()) {
            h.acquire().close();
            DATA.publish(writer, 2);
            h.releasePin();
            assertFalse(DATA.publish(writer, 3).readerCounterReset());
        }
    }
}

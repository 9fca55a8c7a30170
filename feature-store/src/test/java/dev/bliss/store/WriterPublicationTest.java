package dev.bliss.store;

import dev.bliss.store.layout.InstanceVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WriterPublicationTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(2, 100, 4);

    @TempDir
    Path dir;
    private FeatureStoreWriter writer;
    private FeatureStoreReader reader;

    @BeforeEach
    void open() throws StoreException {
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("s")));
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("s")));
    }

    @AfterEach
    void close() {
        reader.close();
        writer.close();
    }

    @Test
    void shouldCreateTheThreeFilesOfThePrefix() throws StoreException {
        DATA.publish(writer, 1);
        DATA.publish(writer, 2);
        assertTrue(dir.resolve("s_state").toFile().isFile());
        assertTrue(dir.resolve("s_data_0").toFile().isFile());
        assertTrue(dir.resolve("s_data_1").toFile().isFile());
    }

    @Test
    void shouldHaveNoSnapshotBeforeTheFirstPublication() throws StoreException {
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            assertFalse(g.hasSnapshot());
            assertThrows(IllegalStateException.class, () -> g.table(0));
        }
        assertFalse(reader.status().published());
    }

    @Test
    void shouldAlternateDataFilesAndReportWhatWasWritten() throws StoreException {
        WriteResult first = DATA.publish(writer, 1);
        WriteResult second = DATA.publish(writer, 2);
        WriteResult third = DATA.publish(writer, 3);
        assertEquals(0, first.dataFileIndex());
        assertEquals(1, second.dataFileIndex());
        assertEquals(0, third.dataFileIndex());
        assertEquals(InstanceVersion.size(third.version()), third.bytesWritten());
        assertFalse(third.readerCounterReset());
        assertEquals(third.version(), reader.status().version());
    }

    @Test
    void shouldSwitchANewGuardToTheLatestVersion() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle()) {
            try (ReadGuard g = h.acquire()) {
                assertEquals(1, g.sequence());
            }
            DATA.publish(writer, 2);
            try (ReadGuard g = h.acquire()) {
                assertEquals(2, g.sequence());
                float[] v = new float[4];
                assertTrue(g.table(1).copyTo(DATA.key(5), v, 0));
                assertTrue(DATA.matches(2, 1, DATA.key(5), v, 0));
            }
        }
    }

    @Test
    void shouldKeepAnOpenGuardOnItsSnapshotWhileANewerOneIsPublished() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            DATA.publish(writer, 2);
            float[] v = new float[4];
            assertTrue(g.table(0).copyTo(DATA.key(7), v, 0));
            assertTrue(DATA.matches(1, 0, DATA.key(7), v, 0));
            assertEquals(1, g.sequence());
        }
    }

    @Test
    void shouldCountAGuardOnItsFileOnlyWhileOpen() throws StoreException {
        DATA.publish(writer, 1);
        try (ReadHandle h = reader.newHandle()) {
            ReadGuard g = h.acquire();
            assertArrayEquals(new long[] {1, 0}, reader.status().readers());
            assertThrows(IllegalStateException.class, h::acquire);
            g.close();
            g.close();
            assertArrayEquals(new long[] {0, 0}, reader.status().readers());
        }
    }

    @Test
    void shouldContinueTheSequenceOfThePreviousWriter() throws StoreException {
        DATA.publish(writer, 41);
        writer.close();
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("s")));
        assertEquals(41, writer.lastSequence());
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(1).dimension("x", 1, "a").build())) {
            assertEquals(42, writer.write(b).sequence());
        }
    }

    @Test
    void shouldPublishNothingWhenABuilderIsAbandoned() throws StoreException {
        WriteResult first = DATA.publish(writer, 1);
        try (SnapshotBuilder b = writer.begin(DATA.spec(2))) {
            b.put(0, 1, new float[4]);
            assertEquals(1, reader.status().writingIndex());
        }
        assertEquals(first.version(), reader.status().version());
        assertEquals(-1, reader.status().writingIndex());
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            assertEquals(1, g.sequence());
        }
    }

    @Test
    void shouldRefuseAReaderWhereNoWriterHasBeen() {
        StoreException e = assertThrows(StoreException.class,
                () -> FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("nothing"))));
        assertEquals(StoreException.Reason.NOT_INITIALISED, e.reason());
    }
}

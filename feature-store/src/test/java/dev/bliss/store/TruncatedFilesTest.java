package dev.bliss.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.store.layout.StateLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another process cuts a mapped file short (here: this one, through its own file descriptor, as
 * {@code truncate -s 0} would): the reader must not fault past what it guards, must say why it
 * stopped, and must come back once the writer has restored the files.
 */
class TruncatedFilesTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(2, 200, 8);

    @TempDir
    Path dir;

    private static void truncate(Path file, long length) throws Exception {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(length);
        }
    }

    private static boolean reads(ReadHandle handle, long sequence) {
        float[] v = new float[DATA.vectorLength];
        try (ReadGuard g = handle.acquire()) {
            return g.hasSnapshot() && g.sequence() == sequence && g.table(1).copyTo(DATA.key(7), v, 0)
                    && DATA.matches(sequence, 1, DATA.key(7), v, 0);
        }
    }

    @Test
    void shouldStopReadingATruncatedStateFileAndComeBackWhenTheWriterRestoresIt() throws Exception {
        Path prefix = dir.resolve("s");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            assertTrue(reads(handle, 1));

            truncate(StorePaths.state(prefix), 0);
            try (ReadGuard g = handle.acquire()) {
                assertFalse(g.hasSnapshot(), "the acquire met the fault and gave no snapshot");
            }
            assertNotNull(reader.fault());
            StoreFault fault = reader.checkFiles();
            assertEquals(StoreFault.Kind.STATE_TRUNCATED, fault.kind(), fault.toString());
            try (ReadGuard g = handle.acquire()) {
                assertFalse(g.hasSnapshot(), "faulted: no snapshot, and no fault either");
            }

            DATA.publish(writer, 2); // restores the state file in place, then publishes
            assertEquals(StateLayout.LENGTH, Files.size(StorePaths.state(prefix)));
            assertNull(reader.checkFiles(), "whole again");
            assertTrue(reads(handle, 2), "the same mapping reads the restored file");
            assertTrue(reader.faults() >= 1);
        }
    }

    @Test
    void shouldBeginTheNextSnapshotWhenTheStateFileWasCutWhileOneWasBeingWritten() throws Exception {
        Path prefix = dir.resolve("w");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            float[] vector = new float[DATA.vectorLength];
            try (SnapshotBuilder builder = writer.begin(DATA.spec(2))) {
                for (int i = 0; i < DATA.keysPerDimension; i++) {
                    DATA.fill(2, 0, DATA.key(i), vector);
                    builder.put(0, DATA.key(i), vector);
                }
                truncate(StorePaths.state(prefix), 0); // between the last put and the publication
                assertThrows(InternalError.class, () -> writer.write(builder), "the version word is past the file's end");
            }
            // the failed write abandoned its snapshot: the next one begins, restoring the file first
            DATA.publish(writer, 3);
            assertNull(reader.checkFiles(), "whole again");
            assertTrue(reads(handle, 3));
        }
    }

    @Test
    void shouldKeepThePublishedVersionWhenRestoringAStateFileWhoseDataIsWhole() throws Exception {
        Path prefix = dir.resolve("k");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            truncate(StorePaths.state(prefix), 8);
            // a snapshot too large to begin: the state file is restored before the size is refused
            SnapshotSpec tooLarge = SnapshotSpec.builder(SequencedSnapshots.SCHEMA_HASH)
                    .dimension("huge", Long.MAX_VALUE / 8, java.util.List.of("f")).build();
            assertThrows(StoreException.class, () -> writer.begin(tooLarge).close());
            assertNull(reader.checkFiles());
            assertTrue(reads(handle, 1), "the last published version was put back");
        }
    }

    @Test
    void shouldStopReadingATruncatedDataFileAndMoveOnWithTheNextSnapshot() throws Exception {
        Path prefix = dir.resolve("d");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            assertTrue(reads(handle, 1));
            Path published = StorePaths.data(prefix, 0);
            truncate(published, 0);

            float[] v = new float[DATA.vectorLength];
            try (ReadGuard g = handle.acquire()) {
                assertTrue(g.hasSnapshot(), "nothing has looked at the files yet");
                InternalError e = assertThrows(InternalError.class, () -> g.table(1).copyTo(DATA.key(7), v, 0));
                reader.reportFault(e);
            }
            assertEquals(StoreFault.Kind.ACCESS_FAULT, reader.fault().kind());
            assertEquals(StoreFault.Kind.DATA_TRUNCATED, reader.checkFiles().kind());
            try (ReadGuard g = handle.acquire()) {
                assertFalse(g.hasSnapshot());
            }

            DATA.publish(writer, 2); // into the other file
            assertNull(reader.checkFiles());
            assertTrue(reads(handle, 2));
            DATA.publish(writer, 3); // into the truncated one: allocated back to size first
            assertNull(reader.checkFiles());
            assertTrue(reads(handle, 3));
        }
    }

    @Test
    void shouldRefuseANewVersionWhoseDataFileIsShorterThanItSays() throws Exception {
        Path prefix = dir.resolve("n");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            truncate(StorePaths.data(prefix, 0), 4096); // before any reader saw the version
            try (ReadGuard g = handle.acquire()) {
                assertFalse(g.hasSnapshot());
            }
            assertEquals(1, reader.rejectedSnapshots());
            assertTrue(reader.lastRejection().reason().contains("truncated"), reader.lastRejection().toString());
        }
    }

    @Test
    void shouldNotShrinkAStateFileAReaderHasMappedWhenAWriterReopensIt() throws Exception {
        Path prefix = dir.resolve("r");
        FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
        DATA.publish(writer, 1);
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle handle = reader.newHandle()) {
            assertTrue(reads(handle, 1));
            writer.close();
            truncate(StorePaths.state(prefix), 16);
            try (FeatureStoreWriter again = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
                assertEquals(StateLayout.LENGTH, Files.size(StorePaths.state(prefix)));
                reader.checkFiles();
                DATA.publish(again, 5);
                assertNull(reader.checkFiles(), "same inode, whole again");
                assertTrue(reads(handle, 5));
            }
        }
    }

    @Test
    void shouldDropAPinWithItsCountWhenTheReaderFaultsOnADataFile() throws Exception {
        Path prefix = dir.resolve("p");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix));
             FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix).guardsPerPin(8));
             ReadHandle handle = reader.newHandle()) {
            DATA.publish(writer, 1);
            assertTrue(reads(handle, 1));
            assertTrue(handle.isPinned());
            assertEquals(1, reader.status().readers()[0]);
            truncate(StorePaths.data(prefix, 0), 0);
            assertEquals(StoreFault.Kind.DATA_TRUNCATED, reader.checkFiles().kind());
            try (ReadGuard g = handle.acquire()) {
                assertFalse(g.hasSnapshot());
            }
            assertFalse(handle.isPinned());
            assertEquals(0, reader.status().readers()[0], "the state file is whole: the pin's count was given back");
        }
    }
}

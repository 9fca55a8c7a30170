package dev.bliss.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecondWriterIsRefusedTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseASecondWriterWithTheHoldersPid() throws StoreException {
        try (FeatureStoreWriter first = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w")))) {
            StoreException e = assertThrows(StoreException.class,
                    () -> FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w"))));
            assertEquals(StoreException.Reason.WRITER_LOCKED, e.reason());
            assertTrue(e.getMessage().contains("pid " + ProcessHandle.current().pid()), e.getMessage());
        }
    }

    @Test
    void shouldKeepTheLockWhenAReaderInTheSameProcessClosesTheStateFile() throws StoreException {
        try (FeatureStoreWriter first = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w")))) {
            FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("w"))).close();
            assertThrows(StoreException.class, () -> FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w"))));
        }
    }

    @Test
    void shouldAcceptANewWriterOnceTheFirstIsClosed() throws StoreException {
        FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w"))).close();
        try (FeatureStoreWriter second = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("w")))) {
            assertEquals(-1, second.lastSequence());
        }
    }
}

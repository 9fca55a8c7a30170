package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WriterProcessKilledTest {

    private static final SequencedSnapshots DATA = WriterChild.SMALL;

    @TempDir
    Path dir;
    private ChildJvm child;

    @AfterEach
    void stop() {
        if (child != null) {
            child.close();
        }
    }

    @Test
    void shouldKeepServingTheLastPublishedVersionAfterTheWriterDiesMidWrite() throws Exception {
        Path prefix = dir.resolve("w");
        child = ChildJvm.start(WriterChild.class, "mid-write", prefix.toString());
        child.awaitLine("MID-WRITE", ChildJvm.DEADLINE);
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle h = reader.newHandle()) {
            assertSequenceOneIsWhole(h);
            child.killHard();
            assertSequenceOneIsWhole(h);
            assertEquals(1, reader.status().writingIndex(), "the dead writer's marker is left behind");
            assertEquals(0, reader.rejectedSnapshots());

            // its lock died with it: a new writer takes over and readers move on
            try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
                assertEquals(-1, reader.status().writingIndex());
                DATA.publish(writer, 2);
                try (ReadGuard g = h.acquire()) {
                    assertEquals(2, g.sequence());
                }
            }
        }
    }

    private static void assertSequenceOneIsWhole(ReadHandle h) {
        float[] v = new float[DATA.vectorLength];
        try (ReadGuard g = h.acquire()) {
            assertEquals(1, g.sequence());
            for (int d = 0; d < DATA.dimensions; d++) {
                for (int i = 0; i < DATA.keysPerDimension; i++) {
                    assertTrue(g.table(d).copyTo(DATA.key(i), v, 0));
                    assertTrue(DATA.matches(1, d, DATA.key(i), v, 0));
                }
            }
        }
    }
}

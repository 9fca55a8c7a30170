package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReaderProcessKilledTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 100, 4);

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
    void shouldCompleteTheNextWriteToItsFileAfterTheGracePeriodAndReportTheReset() throws Exception {
        Path prefix = dir.resolve("k");
        Duration grace = Duration.ofMillis(300);
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix).gracePeriod(grace))) {
            DATA.publish(writer, 1);
            child = ChildJvm.start(ReaderChild.class, "hold", prefix.toString());
            assertEquals("HOLDING 0 1", child.awaitLine("HOLDING", ChildJvm.DEADLINE));
            child.killHard();

            try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
                assertArrayEquals(new long[] {1, 0}, reader.status().readers(), "the dead reader is still counted");
                WriteResult second = DATA.publish(writer, 2);
                assertFalse(second.readerCounterReset());
                WriteResult third = DATA.publish(writer, 3);
                assertEquals(0, third.dataFileIndex());
                assertTrue(third.readerCounterReset());
                assertTrue(third.graceWaitNanos() >= grace.toNanos());
                assertArrayEquals(new long[] {0, 0}, reader.status().readers());
                try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
                    assertEquals(3, g.sequence());
                }
            }
        }
    }
}

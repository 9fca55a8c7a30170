package dev.bliss.store;

import dev.bliss.store.layout.StateLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each read handle owns one slot of the state file, exclusively across threads and processes,
 * until it closes or its process dies.
 */
class ReaderSlotsTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(1, 20, 2);

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
    void shouldGiveEachHandleItsOwnSlotAndReuseAClosedOne() throws Exception {
        Path prefix = dir.resolve("s");
        FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)).close();
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
            ReadHandle first = reader.newHandle();
            try (ReadHandle second = reader.newHandle()) {
                assertNotEquals(first.slot(), second.slot());
                int freed = first.slot();
                first.close();
                assertThrows(IllegalStateException.class, first::acquire, "a closed handle has no slot");
                try (ReadHandle third = reader.newHandle()) {
                    assertEquals(freed, third.slot());
                }
            }
        }
    }

    @Test
    void shouldRefuseAHandleWhenEverySlotIsOwned() throws Exception {
        Path prefix = dir.resolve("f");
        FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)).close();
        List<ReadHandle> handles = new ArrayList<>();
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
            for (int i = 0; i < StateLayout.SLOT_COUNT; i++) {
                handles.add(reader.newHandle());
            }
            StoreException e = assertThrows(StoreException.class, reader::newHandle);
            assertEquals(StoreException.Reason.NO_READER_SLOT, e.reason());
            assertTrue(e.getMessage().contains("all " + StateLayout.SLOT_COUNT + " reader slots"), e.getMessage());
            handles.removeLast().close();
            handles.add(reader.newHandle());
        } finally {
            for (ReadHandle h : handles) {
                h.close();
            }
        }
    }

    @Test
    void shouldKeepASlotFromAnotherProcessUntilItDiesThenClearItsPin() throws Exception {
        Path prefix = dir.resolve("p");
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
            DATA.publish(writer, 1);
            child = ChildJvm.start(ReaderChild.class, "hold", prefix.toString());
            assertEquals("HOLDING 0 1", child.awaitLine("HOLDING", ChildJvm.DEADLINE));
            try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
                try (ReadHandle mine = reader.newHandle()) {
                    assertNotEquals(0, mine.slot(), "slot 0 is the child's");
                }
                child.killHard();
                assertArrayEquals(new long[] {1, 0}, reader.status().readers(), "the dead child's pin is still there");
                try (ReadHandle mine = reader.newHandle()) {
                    assertEquals(0, mine.slot(), "the kernel released the dead child's lock");
                    assertArrayEquals(new long[] {0, 0}, reader.status().readers(), "and claiming cleared its pin");
                }
            }
        }
    }

    /**
     * The reason slots are locked with open-file-description locks: a POSIX record lock
     * (FileChannel.tryLock) of this process would be dropped when any descriptor of the state
     * file closes in it, here a second reader of the same store opening and closing.
     */
    @Test
    void shouldKeepASlotWhenAnotherDescriptorOfTheStateFileCloses() throws Exception {
        Path prefix = dir.resolve("d");
        FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)).close();
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle mine = reader.newHandle()) {
            FeatureStoreReader.open(ReaderOptions.forPrefix(prefix)).close();
            try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
                DATA.publish(writer, 1); // its restore check opens and closes the state file too
            }
            child = ChildJvm.start(ReaderChild.class, "slot", prefix.toString());
            String line = child.awaitLine("SLOT", ChildJvm.DEADLINE);
            assertNotEquals("SLOT " + mine.slot(), line);
        }
    }

    @Test
    void shouldRefuseAStateFileOfLayout1AndHaveTheWriterRecreateIt() throws Exception {
        Path prefix = dir.resolve("o");
        ByteBuffer old = ByteBuffer.allocate(384).order(ByteOrder.LITTLE_ENDIAN);
        old.putLong(StateLayout.MAGIC_OFFSET, StateLayout.MAGIC_LAYOUT_1);
        Files.write(StorePaths.state(prefix), old.array());
        StoreException e = assertThrows(StoreException.class,
                () -> FeatureStoreReader.open(ReaderOptions.forPrefix(prefix)));
        assertEquals(StoreException.Reason.NOT_INITIALISED, e.reason());
        assertTrue(e.getMessage().contains("layout 1"), e.getMessage());
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix))) {
            DATA.publish(writer, 1);
        }
        assertEquals(StateLayout.LENGTH, Files.size(StorePaths.state(prefix)));
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix));
             ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            assertEquals(1, g.sequence());
        }
    }
}

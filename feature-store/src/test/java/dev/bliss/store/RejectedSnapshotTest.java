package dev.bliss.store;

import dev.bliss.store.layout.DataFileLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A published version that fails validation is refused; readers keep the previous one. */
class RejectedSnapshotTest {

    private static final SequencedSnapshots DATA = new SequencedSnapshots(2, 200, 4);

    @TempDir
    Path dir;
    private FeatureStoreWriter writer;
    private final List<SnapshotRejection> rejections = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() throws StoreException {
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("r")));
    }

    @AfterEach
    void close() {
        writer.close();
    }

    private FeatureStoreReader reader(ReaderOptions options) throws StoreException {
        return FeatureStoreReader.open(options.onRejection(rejections::add));
    }

    private ReaderOptions options() {
        return ReaderOptions.forPrefix(dir.resolve("r"));
    }

    /** Publishes 1 (file 0), lets the reader take it, publishes 2 (file 1) and damages it before any read. */
    private void assertPreviousKeptAfter(ReaderOptions options, Damage damage, String reasonFragment) throws Exception {
        DATA.publish(writer, 1);
        try (FeatureStoreReader reader = reader(options); ReadHandle h = reader.newHandle()) {
            try (ReadGuard g = h.acquire()) {
                assertEquals(1, g.sequence());
            }
            WriteResult second = DATA.publish(writer, 2);
            damage.apply(dir.resolve("r_data_1"));
            for (int i = 0; i < 3; i++) {
                try (ReadGuard g = h.acquire()) {
                    assertTrue(g.hasSnapshot());
                    assertEquals(1, g.sequence(), "previous version kept");
                    float[] v = new float[4];
                    assertTrue(g.table(1).copyTo(DATA.key(9), v, 0));
                    assertTrue(DATA.matches(1, 1, DATA.key(9), v, 0));
                }
            }
            assertEquals(1, reader.rejectedSnapshots(), "validated once, rejected once");
            assertEquals(1, rejections.size());
            assertEquals(second.version(), rejections.getFirst().version());
            assertTrue(rejections.getFirst().reason().contains(reasonFragment), rejections.getFirst().reason());

            // the next good version is taken up; the file readers kept was not counted while idle
            WriteResult third = DATA.publish(writer, 3);
            assertFalse(third.readerCounterReset());
            try (ReadGuard g = h.acquire()) {
                assertEquals(3, g.sequence());
            }
        }
    }

    interface Damage {
        void apply(Path dataFile) throws IOException;
    }

    private static void overwrite(Path file, long offset, long value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, value);
            ch.write(b, offset);
        }
    }

    @Test
    void shouldKeepPreviousVersionWhenTheDataFileIsTruncated() throws Exception {
        assertPreviousKeptAfter(options(), file -> {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(ch.size() / 2);
            }
        }, "truncated");
    }

    @Test
    void shouldKeepPreviousVersionWhenTheMagicIsWrong() throws Exception {
        assertPreviousKeptAfter(options(), file -> overwrite(file, DataFileLayout.MAGIC_OFFSET, 42), "magic");
    }

    @Test
    void shouldKeepPreviousVersionWhenATableExceedsTheSnapshot() throws Exception {
        assertPreviousKeptAfter(options(), file -> overwrite(file,
                DataFileLayout.directoryEntryOffset(1) + DataFileLayout.ENTRY_CAPACITY, 1L << 30), "exceeds");
    }

    @Test
    void shouldKeepPreviousVersionWhenTheChecksumFails() throws Exception {
        // a float changed inside a table: structurally fine, caught by the checksum
        long table = DataFileLayout.alignTable(DataFileLayout.namesOffset(2) + 1);
        assertPreviousKeptAfter(options().checksumPolicy(ChecksumPolicy.VERIFY_ON_SWITCH),
                file -> overwrite(file, table + 4096 + 16, 0x7777_7777_7777_7777L), "checksum");
    }

    @Test
    void shouldKeepPreviousVersionWhenTheSchemaHashDiffers() throws Exception {
        assertPreviousKeptAfter(options().expectedSchemaHash(SequencedSnapshots.SCHEMA_HASH),
                file -> overwrite(file, DataFileLayout.SCHEMA_HASH_OFFSET, 0xbad), "schema hash");
    }

    @Test
    void shouldServeNoSnapshotWhenTheFirstVersionIsInvalid() throws Exception {
        DATA.publish(writer, 1);
        overwrite(dir.resolve("r_data_0"), DataFileLayout.FORMAT_VERSION_OFFSET, 99);
        try (FeatureStoreReader reader = reader(options()); ReadHandle h = reader.newHandle();
             ReadGuard g = h.acquire()) {
            assertFalse(g.hasSnapshot());
            assertEquals(1, reader.rejectedSnapshots());
            assertTrue(reader.lastRejection().reason().contains("format version"));
        }
    }
}

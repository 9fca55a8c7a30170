package dev.bliss.bench.store;

import dev.bliss.store.Durability;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.SnapshotBuilder;
import dev.bliss.store.SnapshotSpec;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriteResult;
import dev.bliss.store.WriterOptions;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Benchmark fixtures kept in /dev/shm/bliss-bench between forks, so that a 10M-key snapshot and
 * its pointer-chase region are built once, not once per benchmark fork. Remove the directory
 * when done: {@code rm -rf /dev/shm/bliss-bench}.
 */
final class BenchStores {

    static final int DIMENSIONS = 6;
    static final int FLOATS = 32;
    static final Path ROOT = Path.of(System.getProperty("bliss.bench.dir", "/dev/shm/bliss-bench"));

    private BenchStores() {
    }

    /** The i-th key of dimension d: well spread, never equal across dimensions by construction. */
    static long key(int dimension, long i) {
        long h = i * DIMENSIONS + dimension + 0x51_7cc1_b727_220aL;
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    /** A key absent from every table (keys of the odd "dimension" DIMENSIONS are never put). */
    static long absentKey(long i) {
        return key(DIMENSIONS, i);
    }

    static long schemaHash(long totalKeys) {
        return totalKeys * 1_000_003L + DIMENSIONS * 31L + FLOATS;
    }

    static SnapshotSpec spec(long totalKeys, long sequence) {
        SnapshotSpec.Builder b = SnapshotSpec.builder(schemaHash(totalKeys)).sequence(sequence);
        List<String> features = new ArrayList<>();
        for (int f = 0; f < FLOATS; f++) {
            features.add("feature_" + f);
        }
        for (int d = 0; d < DIMENSIONS; d++) {
            b.dimension("dim" + d, totalKeys / DIMENSIONS, features);
        }
        return b.build();
    }

    /** Builds and publishes one snapshot of {@code totalKeys} keys spread over the dimensions. */
    static WriteResult publish(FeatureStoreWriter writer, long totalKeys, long sequence) throws StoreException {
        float[] vector = new float[FLOATS];
        long perDimension = totalKeys / DIMENSIONS;
        try (SnapshotBuilder b = writer.begin(spec(totalKeys, sequence))) {
            for (int d = 0; d < DIMENSIONS; d++) {
                for (long i = 0; i < perDimension; i++) {
                    vector[0] = i;
                    vector[FLOATS - 1] = sequence;
                    b.put(d, key(d, i), vector);
                }
            }
            return writer.write(b);
        }
    }

    /** A store prefix holding a snapshot of {@code totalKeys} keys, built unless already there. */
    static Path lookupStore(long totalKeys) throws IOException {
        Path prefix = ROOT.resolve("lookup-" + totalKeys);
        Files.createDirectories(ROOT);
        if (Files.exists(prefix.resolveSibling(prefix.getFileName() + "_state"))) {
            try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix)
                    .expectedSchemaHash(schemaHash(totalKeys)));
                 ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
                if (g.hasSnapshot() && g.table(0).keyCount() == totalKeys / DIMENSIONS) {
                    return prefix;
                }
            } catch (StoreException e) {
                // e.g. a state file of an earlier layout: the writer below re-creates it
            }
        }
        try (FeatureStoreWriter writer = FeatureStoreWriter.open(WriterOptions.forPrefix(prefix)
                .durability(Durability.NONE).gracePeriod(Duration.ofSeconds(1)))) {
            publish(writer, totalKeys, 1);
        }
        return prefix;
    }

    /**
     * Takes the first-touch page faults of both regions before measuring, so that lookups and
     * the pointer chase both measure cache and TLB misses, not page-table population.
     */
    static void prefault(FeatureStoreReader reader, MemorySegment chase) throws StoreException {
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            g.preload();
        }
        chase.load();
    }

    /** Bytes of the published snapshot at {@code prefix}. */
    static long snapshotBytes(Path prefix) throws StoreException {
        try (FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(prefix))) {
            return reader.status().sizeBytes();
        }
    }

    /**
     * A mapped tmpfs file of at least {@code bytes} holding one random cycle through all its
     * 64-byte lines (each line's first word is the offset of the next), built unless already
     * there. Following it is one dependent cache miss per step: the yardstick for lookups.
     */
    static MemorySegment pointerChase(long bytes, Arena arena) throws IOException {
        long lines = bytes / 64;
        Path file = ROOT.resolve("chase-" + lines);
        Files.createDirectories(ROOT);
        boolean fresh = !Files.exists(file) || Files.size(file) != lines * 64;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            if (fresh) {
                ch.truncate(0);
                ch.write(java.nio.ByteBuffer.wrap(new byte[1]), lines * 64 - 1);
            }
            MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, 0, lines * 64, arena);
            if (fresh) {
                // Sattolo's algorithm: a uniformly random single cycle over all lines
                int[] next = new int[(int) lines];
                for (int i = 0; i < next.length; i++) {
                    next[i] = i;
                }
                SplittableRandom random = new SplittableRandom(7);
                for (int i = next.length - 1; i > 0; i--) {
                    int j = random.nextInt(i);
                    int t = next[i];
                    next[i] = next[j];
                    next[j] = t;
                }
                for (int i = 0; i < next.length; i++) {
                    segment.set(ValueLayout.JAVA_LONG, (long) i * 64, (long) next[i] * 64);
                }
            }
            return segment;
        }
    }
}

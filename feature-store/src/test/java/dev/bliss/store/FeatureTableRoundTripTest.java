package dev.bliss.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FeatureTableRoundTripTest {

    @TempDir
    Path dir;
    private FeatureStoreWriter writer;
    private FeatureStoreReader reader;

    @BeforeEach
    void open() throws StoreException {
        writer = FeatureStoreWriter.open(WriterOptions.forPrefix(dir.resolve("t")).durability(Durability.NONE));
        reader = FeatureStoreReader.open(ReaderOptions.forPrefix(dir.resolve("t")));
    }

    @AfterEach
    void close() {
        reader.close();
        writer.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 17, 1000, 100_000, 1_000_000})
    void shouldReturnEveryPutVectorAndMissAbsentKeys(int keys) throws StoreException {
        int length = keys >= 1_000_000 ? 2 : 5;
        SplittableRandom random = new SplittableRandom(keys);
        Map<Long, float[]> expected = new HashMap<>();
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(7).dimension("d", keys, names(length)).build())) {
            while (expected.size() < keys) {
                long key = expected.isEmpty() ? 0L : random.nextLong();
                float[] v = randomVector(random, length);
                expected.put(key, v);
                b.put(0, key, v);
            }
            writer.write(b);
        }
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            FeatureTable t = g.table(0);
            assertEquals(keys, t.keyCount());
            float[] out = new float[length + 1];
            for (Map.Entry<Long, float[]> e : expected.entrySet()) {
                assertTrue(t.copyTo(e.getKey(), out, 1), () -> "missing key " + e.getKey());
                for (int f = 0; f < length; f++) {
                    assertEquals(e.getValue()[f], out[f + 1]);
                }
            }
            for (int i = 0; i < 10_000; i++) {
                long absent = random.nextLong();
                if (!expected.containsKey(absent)) {
                    assertEquals(FeatureTable.MISSING, t.find(absent));
                }
            }
            if (keys == 0) {
                assertEquals(FeatureTable.MISSING, t.find(0));
            }
        }
    }

    @Test
    void shouldStoreKeyZeroAndExtremeKeysLikeAnyOther() throws StoreException {
        long[] keys = {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L};
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(1).dimension("d", keys.length, "a", "b").build())) {
            for (int i = 0; i < keys.length; i++) {
                b.put(0, keys[i], new float[] {i, -i});
            }
            writer.write(b);
        }
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            FeatureTable t = g.table(0);
            for (int i = 0; i < keys.length; i++) {
                long at = t.find(keys[i]);
                assertTrue(at >= 0);
                assertEquals(i, t.feature(at, 0));
                assertEquals(-i, t.feature(at, 1));
            }
            assertEquals(FeatureTable.MISSING, t.find(2L));
        }
    }

    @Test
    void shouldResolveCollidingKeysInAnOverfullRegion() throws StoreException {
        // 700 keys in 1000 slots: many share home slots; every one must still resolve
        int keys = 700;
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(1).dimension("d", keys, "v").build())) {
            for (int i = 1; i <= keys; i++) {
                b.put(0, i, new float[] {i});
            }
            writer.write(b);
        }
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            FeatureTable t = g.table(0);
            assertTrue(t.maxDisplacement() > 0, "expected collisions");
            for (int i = 1; i <= keys; i++) {
                assertEquals(i, t.feature(t.find(i), 0));
            }
            for (int i = keys + 1; i < keys + 10_000; i++) {
                assertEquals(FeatureTable.MISSING, t.find(i));
            }
        }
    }

    @Test
    void shouldReplaceTheVectorOfAKeyPutTwice() throws StoreException {
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(1).dimension("d", 2, "v").build())) {
            b.put(0, 5, new float[] {1});
            b.put(0, 5, new float[] {2});
            b.put(0, 0, new float[] {3});
            b.put(0, 0, new float[] {4});
            assertEquals(2, b.keyCount(0));
            writer.write(b);
        }
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            assertEquals(2, g.table(0).feature(g.table(0).find(5), 0));
            assertEquals(4, g.table(0).feature(g.table(0).find(0), 0));
        }
    }

    @Test
    void shouldRefuseMoreKeysThanDeclared() throws StoreException {
        try (SnapshotBuilder b = writer.begin(SnapshotSpec.builder(1).dimension("d", 1, "v").build())) {
            b.put(0, 9, new float[] {1});
            assertThrows(IllegalStateException.class, () -> b.put(0, 10, new float[] {1}));
            assertThrows(IllegalArgumentException.class, () -> b.put(0, 9, new float[] {1, 2}));
        }
    }

    @Test
    void shouldCarryHeaderMetadataAndNames() throws StoreException {
        SnapshotSpec spec = SnapshotSpec.builder(0xfeedL).sequence(41).createdAtMillis(1_700_000_000_000L)
                .dimension("ip", 3, "req_1m", "err_1m")
                .dimension("ja4", 3, "req_1m")
                .dimension("empty", 0, List.of())
                .build();
        try (SnapshotBuilder b = writer.begin(spec)) {
            b.put(b.dimensionIndex("ja4"), 3, new float[] {9});
            writer.write(b);
        }
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            assertEquals(41, g.sequence());
            assertEquals(1_700_000_000_000L, g.createdAtMillis());
            assertEquals(0xfeedL, g.schemaHash());
            assertEquals(3, g.dimensionCount());
            assertEquals(1, g.dimensionIndex("ja4"));
            assertEquals(-1, g.dimensionIndex("nope"));
            assertEquals("ip", g.dimensionName(0));
            assertEquals(List.of("req_1m", "err_1m"), g.featureNames(0));
            assertEquals(0, g.table(2).vectorLength());
            assertEquals(FeatureTable.MISSING, g.table(2).find(0));
            assertEquals(9, g.table(1).feature(g.table(1).find(3), 0));
        }
    }

    @Test
    void shouldMatchAReferenceMapOverRandomShapes() throws StoreException {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 60; trial++) {
            int dims = 1 + random.nextInt(4);
            SnapshotSpec.Builder spec = SnapshotSpec.builder(trial);
            List<Map<Long, float[]>> reference = new ArrayList<>();
            int[] lengths = new int[dims];
            int[] counts = new int[dims];
            for (int d = 0; d < dims; d++) {
                lengths[d] = random.nextInt(40);
                counts[d] = random.nextInt(3000);
                spec.dimension("d" + d, counts[d], names(lengths[d]));
                reference.add(new HashMap<>());
            }
            try (SnapshotBuilder b = writer.begin(spec.build())) {
                for (int d = 0; d < dims; d++) {
                    // small key ranges force duplicates; wide ones force scattered homes
                    long range = random.nextBoolean() ? counts[d] * 2L + 1 : Long.MAX_VALUE;
                    while (reference.get(d).size() < counts[d]) {
                        long key = random.nextLong(range) - (range == Long.MAX_VALUE ? 0 : counts[d]);
                        float[] v = randomVector(random, lengths[d]);
                        reference.get(d).put(key, v);
                        b.put(d, key, v);
                    }
                }
                writer.write(b);
            }
            try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
                assertEquals(trial, g.schemaHash());
                for (int d = 0; d < dims; d++) {
                    FeatureTable t = g.table(d);
                    assertEquals(reference.get(d).size(), t.keyCount());
                    float[] out = new float[lengths[d]];
                    for (Map.Entry<Long, float[]> e : reference.get(d).entrySet()) {
                        assertTrue(t.copyTo(e.getKey(), out, 0));
                        assertArrayEquals(e.getValue(), out);
                    }
                    for (int i = 0; i < 500; i++) {
                        long probe = random.nextLong();
                        assertEquals(reference.get(d).containsKey(probe), t.find(probe) != FeatureTable.MISSING);
                    }
                }
                // batches mixing present and absent keys across the tables agree with find
                List<List<Long>> present = new ArrayList<>();
                for (int d = 0; d < dims; d++) {
                    present.add(new ArrayList<>(reference.get(d).keySet()));
                }
                LookupBatch batch = new LookupBatch(16);
                for (int round = 0; round < 200; round++) {
                    batch.clear();
                    for (int j = 0; j < 16; j++) {
                        int d = random.nextInt(dims);
                        List<Long> keysOfD = present.get(d);
                        long key = keysOfD.isEmpty() || random.nextInt(3) == 0 ? random.nextLong(-5, 5)
                                : keysOfD.get(random.nextInt(keysOfD.size()));
                        batch.add(g.table(d), key);
                    }
                    batch.locate();
                    for (int j = 0; j < 16; j++) {
                        assertEquals(batch.tableAt(j).find(batch.keyAt(j)), batch.offset(j));
                    }
                }
            }
        }
    }

    @Test
    void shouldAnswerABatchLikeSingleLookups() throws StoreException {
        SequencedSnapshots data = new SequencedSnapshots(6, 2000, 32);
        data.publish(writer, 3);
        LookupBatch batch = new LookupBatch(12);
        float[] out = new float[32];
        try (ReadHandle h = reader.newHandle(); ReadGuard g = h.acquire()) {
            for (int round = 0; round < 200; round++) {
                batch.clear();
                for (int d = 0; d < 6; d++) {
                    batch.add(g.table(d), data.key(round * 6 + d));
                    batch.add(g.table(d), data.absentKey(round * 6 + d));
                }
                batch.locate();
                for (int d = 0; d < 6; d++) {
                    assertTrue(batch.copyTo(2 * d, out, 0));
                    assertTrue(data.matches(3, d, data.key(round * 6 + d), out, 0));
                    assertFalse(batch.found(2 * d + 1));
                    assertEquals(g.table(d).find(data.key(round * 6 + d)), batch.offset(2 * d));
                }
            }
        }
    }

    static List<String> names(int length) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            names.add("feature_" + i);
        }
        return names;
    }

    static float[] randomVector(SplittableRandom random, int length) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = (float) random.nextDouble();
        }
        return v;
    }
}

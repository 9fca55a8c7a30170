package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bliss.features.publish.FeatureFrame;
import org.junit.jupiter.api.Test;

/** The fleet/local rule: a fresh fleet vector wins, a stale one gives way, a fleet-only key is added. */
class FleetTableTest {

    private static final long SCHEMA = 0x1234_5678_9ABC_DEF0L;
    private static final long NOW = 1_800_000_000_000L;

    private static byte[] vector(long evaluatedAt, float... v) {
        return FleetVectorLayout.encode(SCHEMA, evaluatedAt, v, 0, v.length);
    }

    private static FeatureFrame frame(long... keys) {
        FeatureFrame f = new FeatureFrame(new int[] {2});
        f.reset(NOW);
        for (long k : keys) {
            int at = f.add(0, k);
            f.vectors(0)[at] = -k;
            f.vectors(0)[at + 1] = -k;
        }
        return f;
    }

    private static float first(FeatureFrame f, long key) {
        for (int i = 0; i < f.count(0); i++) {
            if (f.keys(0)[i] == key) {
                return f.vectors(0)[i * 2];
            }
        }
        return Float.NaN;
    }

    @Test
    void shouldTakeFreshFleetVectorsKeepLocalOnesOverStaleAndAddFleetOnlyKeys() {
        FleetTable table = new FleetTable(new int[] {2}, SCHEMA, 5_000);
        table.apply(FleetKeyLayout.encode(0, 1), vector(NOW - 1_000, 10, 11)); // fresh
        table.apply(FleetKeyLayout.encode(0, 2), vector(NOW - 6_000, 20, 21)); // older than max age
        table.apply(FleetKeyLayout.encode(0, 3), vector(NOW - 100, 30, 31));   // the fleet's only
        FeatureFrame f = frame(1, 2);
        FleetTable.MergeCounts counts = table.mergeInto(f);
        assertEquals(new FleetTable.MergeCounts(1, 1, 1), counts);
        assertEquals(10, first(f, 1), "fresh fleet vector");
        assertEquals(-2, first(f, 2), "the node's own: the fleet's is stale");
        assertEquals(30, first(f, 3), "added from the fleet");
        assertEquals(2, table.size(), "the stale vector is dropped");
    }

    @Test
    void shouldKeepTheNewerEvaluationForgetOnTombstonesAndRejectOtherSchemas() {
        FleetTable table = new FleetTable(new int[] {2}, SCHEMA, 5_000);
        byte[] key = FleetKeyLayout.encode(0, 7);
        table.apply(key, vector(NOW - 100, 2, 2));
        table.apply(key, vector(NOW - 900, 1, 1)); // delivered late
        FeatureFrame f = frame();
        table.mergeInto(f);
        assertEquals(2, first(f, 7));
        table.apply(key, null);
        assertEquals(0, table.size());
        assertEquals(-1, table.apply(key, FleetVectorLayout.encode(SCHEMA + 1, NOW, new float[2], 0, 2)));
        assertEquals(-1, table.apply(key, vector(NOW, 1, 2, 3)), "three floats where the schema has two");
        assertEquals(-1, table.apply(new byte[] {5, 0, 0, 0, 0, 0, 0, 0, 0}, vector(NOW, 1, 2)), "no dimension 5");
        assertEquals(3, table.rejected());
    }
}

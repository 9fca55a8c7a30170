package dev.bliss.bench.features;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.features.window.DimensionWindows;
import dev.bliss.features.window.KeyStateLayout;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.schema.SchemaDimension;
import java.util.SplittableRandom;

/**
 * Memory per active key of the shipped schema: each dimension's record size (from its layout),
 * the window state the aggregator holds at about {@code keys} active keys (records, pages and
 * index), and the heap that state takes measured around building it.
 *
 * <pre>java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *     dev.bliss.bench.features.MemoryPerKey [keys]</pre>
 */
public final class MemoryPerKey {

    private MemoryPerKey() {
    }

    public static void main(String[] args) {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        FeatureSchemaReader.Result schema = BenchTraffic.schema();
        System.out.println("record bytes per key (schema layout):");
        for (SchemaDimension d : schema.schema().dimensions()) {
            System.out.printf("  %-13s %4d B (%d features, longest window %d s)%n", d.name(),
                    KeyStateLayout.of(d).recordBytes(), d.features().size(), KeyStateLayout.of(d).longestWindowMillis() / 1000);
        }
        long before = usedAfterGc();
        SlidingWindows windows = new SlidingWindows(schema.schema(), schema.maxKeys());
        int dims = schema.schema().dimensions().size();
        RequestEvent e = new RequestEvent(dims);
        SplittableRandom random = new SplittableRandom(11);
        int ips = (int) (keys * 16L / 17);
        long now = System.currentTimeMillis();
        for (int i = 0; windows.activeKeys() < keys && i < 20 * keys; i++) {
            BenchTraffic.fill(e, schema.schema(), random, ips, now);
            for (int d = 0; d < dims; d++) {
                windows.dimension(d).update(e.keys[d], now, 0, e.userAgentHash, e.pathHash, e.keys[0], true);
            }
        }
        long after = usedAfterGc();
        System.out.printf("%nactive keys %,d; window state by dimension:%n", windows.activeKeys());
        for (int d = 0; d < dims; d++) {
            DimensionWindows w = windows.dimension(d);
            System.out.printf("  %-13s %,10d keys %,8d KiB  %5d B/key%n", w.name(), w.activeKeys(), w.memoryBytes() / 1024,
                    w.memoryBytes() / Math.max(1, w.activeKeys()));
        }
        System.out.printf("total: %,d MiB accounted (%d B/key), %,d MiB heap measured (%d B/key)%n",
                windows.memoryBytes() >> 20, windows.memoryBytes() / windows.activeKeys(), (after - before) >> 20,
                (after - before) / windows.activeKeys());
        System.out.println(windows.activeKeys() > 0 ? "" : "no keys?");
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}

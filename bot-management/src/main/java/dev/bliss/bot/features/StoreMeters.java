package dev.bliss.bot.features;

import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.PluginMetrics.FamilyType;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReadGuard;
import dev.bliss.store.ReadHandle;
import dev.bliss.store.StoreException;
import java.util.function.Consumer;

/**
 * The feature store as this proxy sees it, read at each scrape through a read guard of its own
 * (one guard per scrape, not per request):
 *
 * <pre>
 *   bot_store_snapshot_sequence           the sequence of the snapshot in view; absent before the first
 *   bot_store_snapshot_age_seconds        how long ago the sidecar built it
 *   bot_store_keys{dimension}             keys per dimension in it
 *   bot_store_rejected_snapshots_total    published snapshots that failed validation
 *   bot_store_publisher_running           1 while the process that last opened the store as its
 *                                         writer (the feature service; its pid is in the state file)
 *                                         runs, else 0; absent before any writer opened it
 *   bot_store_faults_total                reads or checks that met a store file cut short
 *   bot_store_faulted                     1 while the store is not read because of one
 * </pre>
 *
 * A running publisher with an old snapshot is stuck; a stopped one leaves the last snapshot to
 * age: the dashboard tells the two apart with these two gauges.
 */
public final class StoreMeters {

    private StoreMeters() {
    }

    public static void register(PluginMetrics metrics, StoreConnection store) {
        metrics.family("bot_store_snapshot_sequence", "The sequence number of the feature snapshot in view", FamilyType.GAUGE, null,
                series -> inView(store, g -> series.value(g.sequence())));
        metrics.family("bot_store_snapshot_age_seconds", "Seconds since the feature snapshot in view was built", FamilyType.GAUGE, null,
                series -> inView(store, g -> series.value(Math.max(0, System.currentTimeMillis() - g.createdAtMillis()) / 1000.0)));
        metrics.family("bot_store_keys", "Keys per dimension in the feature snapshot in view", FamilyType.GAUGE, null,
                series -> inView(store, g -> {
                    for (int d = 0; d < g.dimensionCount(); d++) {
                        series.value(g.table(d).keyCount(), "dimension", g.dimensionName(d));
                    }
                }));
        metrics.family("bot_store_publisher_running", "1 while the feature store's writer process runs", FamilyType.GAUGE, null,
                series -> {
                    FeatureStoreReader r = store.reader();
                    long pid;
                    try {
                        pid = r == null || store.fault() != null ? 0 : r.status().writerPid();
                    } catch (InternalError cutShort) {
                        pid = 0; // the state file was cut short under its mapping: the fault gauges say so
                    }
                    if (pid > 0) {
                        series.value(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) ? 1 : 0);
                    }
                });
        metrics.family("bot_store_faults", "Reads that met a store file cut short, and checks that found one",
                FamilyType.COUNTER, null, series -> series.value(store.reader() == null ? 0 : store.reader().faults()));
        metrics.gauge("bot_store_faulted", "1 while a store file is cut short and the store is not read",
                () -> store.fault() == null ? 0 : 1);
        metrics.family("bot_store_rejected_snapshots", "Feature snapshots that failed validation", FamilyType.COUNTER, null,
                series -> series.value(store.reader() == null ? 0 : store.reader().rejectedSnapshots()));
    }

    private static void inView(StoreConnection store, Consumer<ReadGuard> reader) {
        FeatureStoreReader r = store.reader();
        if (r == null) {
            return;
        }
        try (ReadHandle handle = r.newHandle(); ReadGuard guard = handle.acquire()) {
            if (guard.hasSnapshot()) {
                reader.accept(guard);
            }
        } catch (InternalError e) {
            r.reportFault(e); // a data file cut short under the mapping
        } catch (StoreException e) {
            // no reader slot free (or the state file is cut short): this scrape shows nothing
        }
    }
}

package dev.bliss.features.cluster.aggregate;

import dev.bliss.store.schema.FeatureSchema;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.Stores;

/**
 * The aggregator's topology: three nodes and one store.
 *
 * <pre>
 *   events topic ──► [events] ──► [fleet-windows] ──► [features] ──► features topic (compacted)
 *   key: none                   (FleetWindowsProcessor)    key: dimension + key
 *   value: a batch of events    store fleet-windows:       value: the key's vector, or a tombstone
 *   of one partition            key → window state record (changelogged)
 * </pre>
 *
 * Each node already sorts every dimension key's event into the partition that key hashes to
 * ({@link dev.bliss.features.cluster.EventBatcher}), so one key's events from every node arrive in
 * one partition, in one task, and the processor unpacks each batch there: no repartition topic.
 */
public final class FleetTopology {

    /** The state store's name (its changelog is {@code <application_id>-fleet-windows-changelog}). */
    public static final String STORE = "fleet-windows";

    private FleetTopology() {
    }

    /**
     * @param interval     how often each task walks its keys and writes changed vectors
     * @param refreshTicks every this many walks, an unchanged active key is written again
     * @param store        where the window state lives: {@link Stores#persistentKeyValueStore}
     *                     (RocksDB, what {@code bliss aggregate} uses) or an in-memory store (tests)
     */
    public static Topology build(FeatureSchema schema, Map<String, Long> maxKeys, String eventsTopic,
                                 String featuresTopic, Duration interval, int refreshTicks,
                                 KeyValueBytesStoreSupplier store, AggregateCounters counters) {
        if (refreshTicks < 1) {
            throw new IllegalArgumentException("refreshTicks must be positive");
        }
        Topology t = new Topology();
        t.addSource("events", new ByteArrayDeserializer(), new ByteArrayDeserializer(), eventsTopic);
        t.addProcessor("fleet-windows",
                () -> new FleetWindowsProcessor(schema, maxKeys, STORE, interval, refreshTicks, counters), "events");
        t.addStateStore(Stores.keyValueStoreBuilder(store, Serdes.ByteArray(), Serdes.ByteArray()).withCachingEnabled(),
                "fleet-windows");
        t.addSink("features", featuresTopic, new ByteArraySerializer(), new ByteArraySerializer(), "fleet-windows");
        return t;
    }

    /** Walks between two refreshes of an unchanged key: often enough that a node sees it three times per max age. */
    public static int refreshTicks(Duration interval, Duration maxFleetAge) {
        return (int) Math.max(1, maxFleetAge.toMillis() / 3 / Math.max(1, interval.toMillis()));
    }
}

package dev.bliss.features.cluster.aggregate;

import dev.bliss.features.cluster.FleetEventLayout;
import dev.bliss.features.cluster.FleetKeyLayout;
import dev.bliss.features.cluster.FleetVectorLayout;
import dev.bliss.features.window.DimensionWindows;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Map;
import org.agrona.collections.LongHashSet;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * One stream task's share of the fleet's windows: the same {@link DimensionWindows} the local
 * feature service keeps, over the dimension keys of this task's partition, with every key's state
 * record also in a changelogged key-value store (so a restarted or moved task rebuilds its windows
 * exactly, from the store or its changelog).
 *
 * <pre>
 *  process(event)                         every publish interval (wall clock):
 *   check layout and schema                 walk every record:
 *   windows.update(key, time, …)              idle past its longest window ─► evict, delete, tombstone
 *   store.put(key, the key's record)          changed since the last walk,
 *   mark the key changed                      or its turn to refresh      ─► evaluate ─► features topic
 * </pre>
 *
 * Each key is refreshed (sent although unchanged) every {@code refreshTicks} walks, so that a
 * node's copy never ages past max_fleet_age while the key is active: the two-bucket windows decay
 * with time, not only with events.
 *
 * <p><b>Thread:</b> the stream thread running its task (Kafka Streams makes one processor per task).
 */
final class FleetWindowsProcessor implements Processor<byte[], byte[], byte[], byte[]> {

    private final FeatureSchema schema;
    private final Map<String, Long> maxKeys;
    private final String storeName;
    private final Duration interval;
    private final int refreshTicks;
    private final AggregateCounters counters;
    private ProcessorContext<byte[], byte[]> context;
    private KeyValueStore<byte[], byte[]> store;
    private SlidingWindows windows;
    private LongHashSet[] changed;
    private int[][] scratch;
    private float[][] vectors;
    private long tick;

    FleetWindowsProcessor(FeatureSchema schema, Map<String, Long> maxKeys, String storeName, Duration interval,
                          int refreshTicks, AggregateCounters counters) {
        this.schema = schema;
        this.maxKeys = maxKeys;
        this.storeName = storeName;
        this.interval = interval;
        this.refreshTicks = refreshTicks;
        this.counters = counters;
    }

    @Override
    public void init(ProcessorContext<byte[], byte[]> context) {
        this.context = context;
        this.store = context.getStateStore(storeName);
        // built here, not in the constructor: a task Kafka Streams revives gets init again, on its restored store
        this.windows = new SlidingWindows(schema, maxKeys);
        int n = windows.dimensionCount();
        changed = new LongHashSet[n];
        scratch = new int[n][];
        vectors = new float[n][];
        for (int d = 0; d < n; d++) {
            changed[d] = new LongHashSet();
            scratch[d] = new int[windows.dimension(d).recordInts()];
            vectors[d] = new float[windows.dimension(d).vectorLength()];
        }
        restore();
        context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, this::publish);
    }

    private void restore() {
        try (KeyValueIterator<byte[], byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<byte[], byte[]> kv = all.next();
                if (!FleetKeyLayout.check(kv.key, windows.dimensionCount())) {
                    continue;
                }
                int d = FleetKeyLayout.dimension(kv.key);
                int[] state = scratch[d];
                if (kv.value == null || kv.value.length != state.length * Integer.BYTES) {
                    store.delete(kv.key); // a record of another schema's layout: of no use to this one
                    continue;
                }
                ByteBuffer.wrap(kv.value).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(state);
                if (windows.dimension(d).restoreRecord(state) >= 0) {
                    changed[d].add(FleetKeyLayout.key(kv.key));
                    counters.restored.increment();
                }
            }
        }
    }

    @Override
    public void process(Record<byte[], byte[]> event) {
        byte[] key = event.key();
        byte[] value = event.value();
        if (!FleetKeyLayout.check(key, windows.dimensionCount()) || !FleetEventLayout.check(value, schema.hash())) {
            counters.rejected.increment();
            return;
        }
        int d = FleetKeyLayout.dimension(key);
        long k = FleetKeyLayout.key(key);
        ByteBuffer v = FleetEventLayout.buffer(value);
        int predicates = SlidingWindows.predicates(v.getShort(FleetEventLayout.STATUS_OFFSET) & 0xFFFF,
                v.get(FleetEventLayout.FLAGS_OFFSET) & 0xFF, v.get(FleetEventLayout.HTTP_VERSION_OFFSET) & 0xFF,
                v.get(FleetEventLayout.CHALLENGE_OFFSET) & 0xFF);
        DimensionWindows dim = windows.dimension(d);
        boolean updated = dim.update(k, v.getLong(FleetEventLayout.TIMESTAMP_OFFSET), predicates,
                v.getLong(FleetEventLayout.USER_AGENT_OFFSET), v.getLong(FleetEventLayout.PATH_OFFSET),
                v.getLong(FleetEventLayout.CLIENT_IP_OFFSET), (v.get(FleetEventLayout.CLIENT_IP_KNOWN_OFFSET) & 1) != 0);
        if (!updated) {
            counters.refused.increment();
            return;
        }
        dim.copyRecord(dim.recordOf(k), scratch[d]);
        store.put(key, bytes(scratch[d]));
        changed[d].add(k);
        counters.events.increment();
    }

    private static byte[] bytes(int[] state) {
        byte[] out = new byte[state.length * Integer.BYTES];
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(state);
        return out;
    }

    private void publish(long now) {
        long phase = tick++ % refreshTicks;
        for (int d = 0; d < windows.dimensionCount(); d++) {
            DimensionWindows dim = windows.dimension(d);
            LongHashSet dirty = changed[d];
            float[] vector = vectors[d];
            for (int r = 0, limit = dim.recordLimit(); r < limit; r++) {
                if (!dim.isLive(r)) {
                    continue;
                }
                long k = dim.keyOf(r);
                byte[] key = FleetKeyLayout.encode(d, k);
                if (dim.isIdle(r, now)) {
                    dim.evict(r);
                    store.delete(key);
                    context.forward(new Record<>(key, null, now));
                    counters.tombstones.increment();
                } else if (dirty.contains(k) || refreshTurn(k) == phase) {
                    dim.evaluate(r, now, vector, 0);
                    context.forward(new Record<>(key, FleetVectorLayout.encode(schema.hash(), now, vector, 0,
                            vector.length), now));
                    counters.vectors.increment();
                }
            }
            dirty.clear();
        }
    }

    private long refreshTurn(long key) {
        return Long.remainderUnsigned(key * 0x9E37_79B9_7F4A_7C15L >>> 16, refreshTicks);
    }
}

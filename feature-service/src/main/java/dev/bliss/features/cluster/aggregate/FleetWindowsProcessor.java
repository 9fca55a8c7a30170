package dev.bliss.features.cluster.aggregate;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import dev.bliss.features.cluster.FleetEventLayout;
import dev.bliss.features.cluster.FleetKeyLayout;
import dev.bliss.features.cluster.FleetVectorLayout;
import dev.bliss.features.window.DimensionWindows;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Map;
import org.agrona.collections.LongHashSet;
import org.agrona.concurrent.UnsafeBuffer;
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
 *  process(batch)                          every publish interval (wall clock):
 *   check layout, length and schema         walk every record:
 *   for each event of the batch:              idle past its longest window ─► evict, delete, tombstone
 *    windows.update(key, time, …)             changed since the last walk,
 *    store.put(key, the key's record)         or its turn to refresh      ─► evaluate ─► features topic
 *    mark the key changed
 * </pre>
 *
 * A batch holds the events of every key its node sorted into this partition ({@link
 * dev.bliss.features.cluster.EventBatcher}), so it is unpacked here, in the task that owns the
 * partition: no repartition topic. A record that is not a batch of this layout and schema, or
 * whose length is not its count's, is skipped whole, counted and logged.
 *
 * <p>Each key is refreshed (sent although unchanged) every {@code refreshTicks} walks, so that a
 * node's copy never ages past max_fleet_age while the key is active: the two-bucket windows decay
 * with time, not only with events.
 *
 * <p><b>Thread:</b> the stream thread running its task (Kafka Streams makes one processor per task).
 */
final class FleetWindowsProcessor implements Processor<byte[], byte[], byte[], byte[]> {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features.cluster");

    private final FeatureSchema schema;
    private final Map<String, Long> maxKeys;
    private final String storeName;
    private final Duration interval;
    private final int refreshTicks;
    private final AggregateCounters counters;
    private final int schemaTag;
    /** The record being unpacked. */
    private final UnsafeBuffer batch = new UnsafeBuffer(new byte[0]);
    private ProcessorContext<byte[], byte[]> context;
    private KeyValueStore<byte[], byte[]> store;
    private SlidingWindows windows;
    private LongHashSet[] changed;
    private int[][] scratch;
    private float[][] vectors;
    private long tick;
    private long lastRefusalLog = Long.MIN_VALUE / 2;

    FleetWindowsProcessor(FeatureSchema schema, Map<String, Long> maxKeys, String storeName, Duration interval,
                          int refreshTicks, AggregateCounters counters) {
        this.schema = schema;
        this.maxKeys = maxKeys;
        this.storeName = storeName;
        this.interval = interval;
        this.refreshTicks = refreshTicks;
        this.counters = counters;
        this.schemaTag = RequestEventLayout.schemaTag(schema.hash());
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
    public void process(Record<byte[], byte[]> record) {
        byte[] value = record.value();
        int version = FleetEventLayout.version(value);
        if (version != FleetEventLayout.VERSION) {
            refuse(version == FleetEventLayout.VERSION_PER_KEY
                    ? "of layout version 1 (one record per dimension key, from a node of bliss before event batches):"
                    + " upgrade that node"
                    : version == 2
                    ? "of layout version 2 (48-byte events, from a node of bliss before the page template and number):"
                    + " upgrade that node"
                    : "of layout version " + version + " (this aggregator reads version " + FleetEventLayout.VERSION
                    + " batches)");
            return;
        }
        batch.wrap(value);
        int n = value.length < FleetEventLayout.HEADER_LENGTH ? 0 : FleetEventLayout.count(batch);
        if (n == 0 || value.length != FleetEventLayout.length(n)) {
            refuse("cut or corrupt: " + value.length + " bytes for a batch that says it holds " + n + " events ("
                    + FleetEventLayout.length(n) + " bytes)");
            return;
        }
        if (FleetEventLayout.schemaTag(batch) != schemaTag) {
            refuse("of another schema (tag " + Integer.toHexString(FleetEventLayout.schemaTag(batch)) + ", this one's "
                    + Integer.toHexString(schemaTag) + "): the node's features.yaml differs from the aggregator's");
            return;
        }
        counters.batches.increment();
        for (int i = 0; i < n; i++) {
            fold(FleetEventLayout.eventOffset(i));
        }
    }

    /** Folds the batch's event at {@code at} into its key's windows. */
    private void fold(int at) {
        int d = batch.getByte(at + FleetEventLayout.DIMENSION_OFFSET) & 0xFF;
        if (d >= windows.dimensionCount()) {
            counters.skipped.increment();
            return;
        }
        long k = batch.getLong(at + FleetEventLayout.KEY_OFFSET, LITTLE_ENDIAN);
        int predicates = SlidingWindows.predicates(batch.getShort(at + FleetEventLayout.STATUS_OFFSET, LITTLE_ENDIAN) & 0xFFFF,
                batch.getByte(at + FleetEventLayout.FLAGS_OFFSET) & 0xFF,
                batch.getByte(at + FleetEventLayout.HTTP_VERSION_OFFSET) & 0xFF,
                batch.getByte(at + FleetEventLayout.CHALLENGE_OFFSET) & 0xFF);
        DimensionWindows dim = windows.dimension(d);
        boolean updated = dim.update(k, batch.getLong(at + FleetEventLayout.TIMESTAMP_OFFSET, LITTLE_ENDIAN), predicates,
                batch.getLong(at + FleetEventLayout.USER_AGENT_OFFSET, LITTLE_ENDIAN),
                batch.getLong(at + FleetEventLayout.PATH_OFFSET, LITTLE_ENDIAN),
                batch.getLong(at + FleetEventLayout.TEMPLATE_OFFSET, LITTLE_ENDIAN),
                batch.getLong(at + FleetEventLayout.PAGE_NUMBER_OFFSET, LITTLE_ENDIAN),
                batch.getLong(at + FleetEventLayout.CLIENT_IP_OFFSET, LITTLE_ENDIAN),
                (batch.getByte(at + FleetEventLayout.CLIENT_IP_KNOWN_OFFSET) & 1) != 0);
        if (!updated) {
            counters.refused.increment();
            return;
        }
        dim.copyRecord(dim.recordOf(k), scratch[d]);
        store.put(FleetKeyLayout.encode(d, k), bytes(scratch[d])); // the store's key: as in the per-key layout
        changed[d].add(k);
        counters.events.increment();
    }

    /** Skips a record whole, counted, and says why (at most every ten seconds per task). */
    private void refuse(String why) {
        counters.rejected.increment();
        long now = System.currentTimeMillis();
        if (now - lastRefusalLog >= 10_000) {
            lastRefusalLog = now;
            String where = context.recordMetadata().map(m -> m.topic() + "-" + m.partition() + " at offset " + m.offset())
                    .orElse("?");
            LOG.log(Level.WARNING, "events-topic record " + where + " skipped: " + why + " (" + counters.rejected()
                    + " records skipped so far by this instance)");
        }
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

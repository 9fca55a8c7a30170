package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.features.cluster.aggregate.AggregateSettings;
import dev.bliss.features.cluster.aggregate.FleetAggregator;
import dev.bliss.features.window.KeyStateLayout;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's producer and the aggregator against a real broker (child JVM), over an events topic of
 * three partitions: each record is a batch of several keys' and several requests' events, each
 * event in the partition its key hashes to; the aggregator unpacks them into exact per-key counts,
 * and records it cannot read (a node of the per-key layout, a cut batch) are skipped and counted
 * while the stream goes on.
 */
class EventBatchesThroughBrokerTest {

    private static final FeatureSchema SCHEMA = FleetEvents.SHIPPED.schema();
    private static final int PARTITIONS = 3;
    private static final int ADDRESSES = 300;
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void shouldSortEachKeyIntoItsPartitionsBatchAndAggregateExactCountsSkippingWhatItCannotRead() throws Exception {
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"))) {
            ClusterSettings cluster = new ClusterSettings(broker.bootstrap(), "batch-events", "batch-features", Map.of(),
                    Duration.ofSeconds(30), ClusterSettings.DEFAULT_EVENT_BUFFER, true, PARTITIONS, (short) 1);
            ClusterTopics.ensure(cluster, Duration.ofSeconds(30));
            long t0 = eventTime();
            EventForwarder forwarder = new EventForwarder(e -> { }, cluster.eventBuffer());
            try (EventProducer producer = new EventProducer(forwarder, cluster, SCHEMA.hash(),
                    EventProducer.clientIpDimension(SCHEMA), "batch-producer")) {
                producer.start();
                FleetEvents.throughRing(dir, requests(t0, 10), forwarder);
                long first = 10L * ADDRESSES * FleetEvents.KEYED_DIMENSIONS;
                await("the first requests' events acknowledged", () -> producer.acknowledged() == first);

                List<ConsumerRecord<byte[], byte[]>> records = read(broker, cluster.eventsTopic(), first);
                assertEquals(producer.recordsAcknowledged(), records.size(), "one record per batch");
                assertTrue(records.size() < first / 20, records.size() + " records for " + first + " events");
                checkBatches(records);

                try (KafkaProducer<byte[], byte[]> raw = new KafkaProducer<>(Map.of("bootstrap.servers",
                        broker.bootstrap()), new ByteArraySerializer(), new ByteArraySerializer())) {
                    for (int p = 0; p < PARTITIONS; p++) {
                        byte[] perKey = new byte[48]; // what a node of the per-key layout sent: version 1
                        perKey[0] = FleetEventLayout.VERSION_PER_KEY;
                        raw.send(new ProducerRecord<>(cluster.eventsTopic(), p, FleetKeyLayout.encode(0, p), perKey));
                        byte[] whole = records.get(p).value();
                        raw.send(new ProducerRecord<>(cluster.eventsTopic(), p, null,
                                java.util.Arrays.copyOf(whole, whole.length - 30))); // cut mid-event
                    }
                    raw.flush();
                }
                FleetEvents.throughRing(dir, requests(t0 + 10_000, 3), forwarder);
                long all = 13L * ADDRESSES * FleetEvents.KEYED_DIMENSIONS;
                await("all requests' events acknowledged", () -> producer.acknowledged() == all);
                assertEquals(0, forwarder.dropped());
                assertEquals(0, producer.failed());

                try (FleetAggregator aggregator = FleetAggregator.start(cluster, new AggregateSettings("batch-aggregate",
                        dir.resolve("state"), 1, AggregateSettings.EXACTLY_ONCE), SCHEMA, FleetEvents.SHIPPED.maxKeys(),
                        Duration.ofMillis(500), Duration.ofSeconds(30))) {
                    await("every event aggregated", () -> aggregator.counters().events() >= all);
                    assertEquals(all, aggregator.counters().events(), "every key of every request, once");
                    assertEquals(2 * PARTITIONS, aggregator.counters().rejected(), "the per-key and the cut records");
                    assertEquals(producer.recordsAcknowledged(), aggregator.counters().batches());
                    assertEquals(ADDRESSES, awaitRequests(broker, cluster, 13, bucketStart(t0)).size());
                }
            }
        }
    }

    /**
     * The first request's time: half a minute ago, or the start of the 10-minute bucket that began
     * since then, so that all requests (12 s of them) fall into one bucket of the 10-minute windows.
     */
    private static long eventTime() {
        long t0 = System.currentTimeMillis() - 30_000;
        long next = bucketStart(t0 + 12_000);
        return Math.max(t0, next);
    }

    private static long bucketStart(long t) {
        long w = Duration.ofMinutes(10).toMillis();
        return KeyStateLayout.BASE_MILLIS + (t - KeyStateLayout.BASE_MILLIS) / w * w;
    }

    /**
     * The 10-minute request count of {@code count} requests made in the bucket from {@code bucket}, evaluated at
     * {@code at}: all of them while that bucket is the current one, then the share of it still in the window.
     */
    private static double tenMinuteCount(int count, long bucket, long at) {
        long w = Duration.ofMinutes(10).toMillis();
        long into = at - bucket;
        return into < w ? count : count * (1 - (double) (into - w) / w);
    }

    /** {@code perAddress} requests of each address, user agents cycling, a millisecond apart. */
    private static List<RequestEvent> requests(long t0, int perAddress) {
        List<RequestEvent> events = new ArrayList<>();
        for (int i = 0; i < perAddress * ADDRESSES; i++) {
            events.add(FleetEvents.request(t0 + i, 0x0A00_0000L + i % ADDRESSES, 1 + i % 7, i % 50, 200));
        }
        return events;
    }

    /** Every event in the partition its key hashes to; batches mixing dimensions and requests. */
    private static void checkBatches(List<ConsumerRecord<byte[], byte[]>> records) {
        byte[] key = new byte[FleetKeyLayout.LENGTH];
        Set<Integer> partitions = new HashSet<>();
        boolean mixed = false;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            assertNull(r.key());
            byte[] value = r.value();
            assertEquals(FleetEventLayout.VERSION, FleetEventLayout.version(value));
            UnsafeBuffer b = new UnsafeBuffer(value);
            int n = FleetEventLayout.count(b);
            assertEquals(FleetEventLayout.length(n), value.length);
            Set<Integer> dimensions = new HashSet<>();
            Set<Long> times = new HashSet<>();
            for (int i = 0; i < n; i++) {
                int at = FleetEventLayout.eventOffset(i);
                int d = b.getByte(at + FleetEventLayout.DIMENSION_OFFSET);
                FleetKeyLayout.encode(key, d, b.getLong(at + FleetEventLayout.KEY_OFFSET, java.nio.ByteOrder.LITTLE_ENDIAN));
                assertEquals(r.partition(), EventBatcher.partition(key, PARTITIONS), "the partition of event " + i);
                dimensions.add(d);
                times.add(b.getLong(at + FleetEventLayout.TIMESTAMP_OFFSET, java.nio.ByteOrder.LITTLE_ENDIAN));
            }
            mixed |= dimensions.size() > 1 && times.size() > 1;
            partitions.add(r.partition());
        }
        assertEquals(PARTITIONS, partitions.size(), "every partition has keys");
        assertTrue(mixed, "a batch of several keys and requests");
    }

    /** Reads the topic from the beginning until it has {@code events} events' records. */
    private static List<ConsumerRecord<byte[], byte[]>> read(TestBroker broker, String topic, long events) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = consumer(broker, "read_uncommitted")) {
            List<TopicPartition> all = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                all.add(new TopicPartition(topic, p));
            }
            c.assign(all);
            c.seekToBeginning(all);
            long[] seen = {0};
            await("the topic's records", () -> {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
                    out.add(r);
                    seen[0] += FleetEventLayout.count(new UnsafeBuffer(r.value()));
                }
                return seen[0] >= events;
            });
        }
        return out;
    }

    /**
     * Waits until every address's newest fleet vector counts its {@code expected} requests (of the
     * bucket from {@code bucket}) in 10 minutes.
     */
    private static Map<Long, Boolean> awaitRequests(TestBroker broker, ClusterSettings cluster, int expected,
                                                    long bucket) {
        int ip = SCHEMA.dimensionIndex("ip");
        int length = SCHEMA.dimensions().get(ip).features().size();
        int reqs = SCHEMA.dimensions().get(ip).featureNames().indexOf("reqs_10m");
        Map<Long, Boolean> latest = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> c = consumer(broker, "read_committed")) {
            List<TopicPartition> all = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                all.add(new TopicPartition(cluster.featuresTopic(), p));
            }
            c.assign(all);
            c.seekToBeginning(all);
            float[] v = new float[length];
            await("every address's vector with " + expected + " requests", () -> {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
                    if (FleetKeyLayout.dimension(r.key()) == ip && FleetVectorLayout.check(r.value(), SCHEMA.hash(), length)) {
                        FleetVectorLayout.vector(r.value(), v, 0);
                        double exact = tenMinuteCount(expected, bucket, FleetVectorLayout.evaluatedAt(r.value()));
                        latest.put(FleetKeyLayout.key(r.key()), Math.abs(v[reqs] - exact) <= 1e-4 * expected);
                    }
                }
                return latest.size() == ADDRESSES && latest.values().stream().allMatch(x -> x);
            });
        }
        return latest;
    }

    private static KafkaConsumer<byte[], byte[]> consumer(TestBroker broker, String isolation) {
        return new KafkaConsumer<>(Map.of("bootstrap.servers", broker.bootstrap(), "isolation.level", isolation,
                "enable.auto.commit", "false", "max.poll.records", "10000"), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    private static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + WAIT);
            }
            LockSupport.parkNanos(10_000_000);
        }
    }
}

package dev.bliss.features.cluster;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.features.DimensionKeyText;
import dev.bliss.features.FeatureLookup;
import dev.bliss.features.FeatureService;
import dev.bliss.features.FeatureServiceOptions;
import dev.bliss.features.cluster.aggregate.AggregateSettings;
import dev.bliss.features.cluster.aggregate.FleetAggregator;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.ReaderOptions;
import dev.bliss.store.schema.FeatureSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * Cluster-mode figures on this machine, against a real broker in a child JVM (benchmarks/cluster/run.sh):
 *
 * <ol>
 *   <li>produce: requests per second one node's forwarder and producer put into the events topic
 *       (an event per dimension key of each request, in batches: records per partition and linger
 *       interval), until the broker acknowledged all;
 *   <li>aggregate: events per second one aggregator instance (RocksDB, exactly_once_v2, one
 *       thread) folds into its windows from the filled topic;
 *   <li>aggregate2: the same with two instances of one application id (one thread and one state
 *       directory each, both in this JVM) sharing the topic's four partitions;
 *   <li>memory: bytes per key of the aggregator's state directory and of the features topic's log;
 *   <li>latency: from a request event written to node A's ring to its key's vector in node B's
 *       store, p50 and p99, with the default one-second intervals.
 * </ol>
 *
 * <pre>
 *   FleetBench [requests=200000] [latency samples=100] [phases=produce,aggregate,aggregate2,latency]
 * </pre>
 *
 * The aggregate phases need produce. Every phase is bounded in count and time. Speeds are of one run on a shared machine: compare
 * them only within a run.
 */
public final class FleetBench {

    private static final FeatureSchema SCHEMA = FleetEvents.SHIPPED.schema();
    private static final Duration LIMIT = Duration.ofMinutes(5);

    private FleetBench() {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int samples = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        List<String> phases = List.of((args.length > 2 ? args[2] : "produce,aggregate,aggregate2,latency").split(","));
        Path dir = Files.createTempDirectory("bliss-fleet-bench");
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"))) {
            ClusterSettings cluster = new ClusterSettings(broker.bootstrap(), "bench-events", "bench-features", Map.of(),
                    Duration.ofSeconds(30), 1 << 26, true, 4, (short) 1);
            ClusterTopics.ensure(cluster, Duration.ofSeconds(30));
            if (phases.contains("produce")) {
                long events = produce(cluster, dir, requests);
                if (phases.contains("aggregate")) {
                    aggregate(cluster, dir, events, broker);
                }
                if (phases.contains("aggregate2")) {
                    aggregateWithTwo(cluster, dir, events);
                }
            }
            if (phases.contains("latency")) {
                latency(cluster.withTopics("lat-events", "lat-features"), dir, samples);
            }
        } finally {
            delete(dir);
        }
    }

    private static long produce(ClusterSettings cluster, Path dir, int requests) throws Exception {
        List<RequestEvent> events = new ArrayList<>(requests);
        long t0 = System.currentTimeMillis();
        for (int i = 0; i < requests; i++) {
            // 20,000 addresses, 500 user agents: the shipped schema's six keys per request
            events.add(FleetEvents.request(t0 + i / 100, 0x0A00_0000L + i % 20_000, 1 + i % 500, i % 3_000, 200));
        }
        EventForwarder forwarder = new EventForwarder(e -> { }, cluster.eventBuffer());
        try (EventProducer producer = new EventProducer(forwarder, cluster, SCHEMA.hash(),
                EventProducer.clientIpDimension(SCHEMA), "bench-producer")) {
            producer.start();
            long start = System.nanoTime();
            long cpu = cpuNanos(NODE_THREAD);
            long senderCpu = cpuNanos(SENDER_THREAD);
            FleetEvents.throughRing(dir, events, forwarder);
            long expected = (long) requests * FleetEvents.KEYED_DIMENSIONS;
            await("all events acknowledged", () -> forwarder.backlogBytes() == 0 && producer.acknowledged()
                    + producer.failed() == expected - forwarder.dropped() * FleetEvents.KEYED_DIMENSIONS);
            double seconds = (System.nanoTime() - start) / 1e9;
            cpu = cpuNanos(NODE_THREAD) - cpu;
            senderCpu = cpuNanos(SENDER_THREAD) - senderCpu;
            System.out.printf("produce: %,d requests -> %,d events in %,d records in %.2f s: %,.0f requests/s,"
                    + " %,.0f events/s, %,.0f records/s, %.1f events per record (dropped %d, failed %d)%n", requests,
                    producer.sent(), producer.recordsSent(), seconds, requests / seconds, producer.sent() / seconds,
                    producer.recordsSent() / seconds, (double) producer.sent() / producer.recordsSent(),
                    forwarder.dropped(), producer.failed());
            System.out.printf("produce CPU: %.2f µs per request, %.0f ns per event (the node's producer thread %.2f s,"
                    + " the Kafka client's sender thread %.2f s)%n", (cpu + senderCpu) / 1e3 / requests,
                    (double) (cpu + senderCpu) / producer.sent(), cpu / 1e9, senderCpu / 1e9);
            return producer.acknowledged();
        }
    }

    private static void aggregate(ClusterSettings cluster, Path dir, long records, TestBroker broker) throws Exception {
        Path state = dir.resolve("aggregate-state");
        long start = System.nanoTime();
        try (FleetAggregator a = FleetAggregator.start(cluster, new AggregateSettings("bench-aggregate", state, 1,
                AggregateSettings.EXACTLY_ONCE), SCHEMA, FleetEvents.SHIPPED.maxKeys(), Duration.ofSeconds(1),
                Duration.ofSeconds(30))) {
            long[] first = {0};
            await("all events aggregated", () -> {
                if (first[0] == 0 && a.counters().events() > 0) {
                    first[0] = System.nanoTime();
                }
                return a.counters().events() >= records;
            });
            long end = System.nanoTime();
            System.out.printf("aggregate: %,d events in %.2f s from the first: %,.0f events/s (%.2f s incl. start and restore)%n",
                    records, (end - first[0]) / 1e9, records / ((end - first[0]) / 1e9), (end - start) / 1e9);
            long keys = 0;
            SlidingWindows w = new SlidingWindows(SCHEMA, FleetEvents.SHIPPED.maxKeys());
            long[] perDimension = {20_000, 20_000 / 256 + 1, 1, 1, 500, 1};
            long stateRecordBytes = 0;
            for (int d = 0; d < perDimension.length; d++) {
                keys += perDimension[d];
                stateRecordBytes += perDimension[d] * w.dimension(d).recordInts() * 4L;
            }
            await("every key's vector written", () -> a.counters().vectors() >= 20_000 + 500);
            LockSupport.parkNanos(Duration.ofSeconds(3).toNanos()); // a commit
            long vectors = a.counters().vectors();
            a.close(); // flushes RocksDB's memtables to its files
            long stateBytes = size(state, ".sst");
            long topicBytes = size(dir.resolve("broker").resolve("data"), "bench-features-", ".log");
            long changelogBytes = size(dir.resolve("broker").resolve("data"), "bench-aggregate-fleet-windows-changelog-", ".log");
            System.out.printf("memory: %,d keys; window state records %,d B (%.0f B/key, held in memory by the task);"
                    + " RocksDB files after close %,d B (%.0f B/key); changelog log %,d B before compaction;"
                    + " features topic log %,d B for %,d vectors (%.0f B/vector, before compaction)%n", keys,
                    stateRecordBytes, (double) stateRecordBytes / keys, stateBytes, (double) stateBytes / keys,
                    changelogBytes, topicBytes, vectors, (double) topicBytes / vectors);
        }
    }

    private static final String NODE_THREAD = "bliss-features-kafka-events";
    private static final String SENDER_THREAD = "kafka-producer-network-thread | bench-producer";

    /** CPU time so far of the threads whose names start with {@code prefix}. */
    private static long cpuNanos(String prefix) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo t : threads.dumpAllThreads(false, false)) {
            if (t.getThreadName().startsWith(prefix)) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
            }
        }
        return sum;
    }

    /** Two instances of one application over the filled topic: events per second of both together. */
    private static void aggregateWithTwo(ClusterSettings cluster, Path dir, long events) throws Exception {
        long start = System.nanoTime();
        List<FleetAggregator> instances = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                instances.add(FleetAggregator.start(cluster, new AggregateSettings("bench-aggregate-two",
                        dir.resolve("aggregate-two-state-" + i), 1, AggregateSettings.EXACTLY_ONCE), SCHEMA,
                        FleetEvents.SHIPPED.maxKeys(), Duration.ofSeconds(1), Duration.ofSeconds(30)));
            }
            long[] first = {0};
            await("all events aggregated by the two", () -> {
                long done = instances.get(0).counters().events() + instances.get(1).counters().events();
                if (first[0] == 0 && done > 0) {
                    first[0] = System.nanoTime();
                }
                return done >= events;
            });
            long end = System.nanoTime();
            System.out.printf("aggregate2: %,d events in %.2f s from the first: %,.0f events/s with two instances"
                    + " (%,d + %,d events; partitions %s + %s at the end; %.2f s incl. start and rebalance)%n", events,
                    (end - first[0]) / 1e9, events / ((end - first[0]) / 1e9), instances.get(0).counters().events(),
                    instances.get(1).counters().events(), instances.get(0).activePartitions(),
                    instances.get(1).activePartitions(), (end - start) / 1e9);
        } finally {
            for (FleetAggregator a : instances) {
                a.close();
            }
        }
    }

    private static void latency(ClusterSettings cluster, Path dir, int samples) throws Exception {
        ClusterTopics.ensure(cluster, Duration.ofSeconds(30));
        List<AutoCloseable> open = new ArrayList<>();
        try {
            FeatureService a = node(cluster, dir.resolve("node-a"), open);
            FeatureService b = node(cluster, dir.resolve("node-b"), open);
            FleetAggregator agg = FleetAggregator.start(cluster, new AggregateSettings("lat-aggregate",
                    dir.resolve("lat-state"), 1, AggregateSettings.EXACTLY_ONCE), SCHEMA, FleetEvents.SHIPPED.maxKeys(),
                    FeatureServiceOptions.DEFAULT_PUBLISH_INTERVAL, Duration.ofSeconds(30));
            open.add(agg);
            int n = SCHEMA.dimensions().size();
            RingEventSink sink = new RingEventSink(a.ring().path(), n, SCHEMA.hash(), PluginMetrics.NONE);
            open.add(sink);
            RingProducer producer = sink.newProducer();
            FeatureStoreReader reader = FeatureStoreReader.open(ReaderOptions.forPrefix(b.storePrefix()));
            open.add(reader);
            // warm-up: the aggregator's group assigned and the first vectors through
            sample(producer, reader, "192.0.2.250");
            long[] nanos = new long[samples];
            for (int i = 0; i < samples; i++) {
                nanos[i] = sample(producer, reader, "198.18." + (i / 250) + '.' + (i % 250));
            }
            Arrays.sort(nanos);
            System.out.printf("latency: request event on node A -> vector in node B's store, %d samples, intervals 1 s:"
                    + " p50 %.0f ms, p99 %.0f ms, max %.0f ms%n", samples, nanos[samples / 2] / 1e6,
                    nanos[Math.min(samples - 1, (int) Math.ceil(samples * 0.99) - 1)] / 1e6, nanos[samples - 1] / 1e6);
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close();
            }
        }
    }

    private static long sample(RingProducer producer, FeatureStoreReader reader, String ip) {
        long key = DimensionKeyText.key(SCHEMA.dimensions().get(0), ip);
        RequestEvent e = FleetEvents.request(System.currentTimeMillis(), key, 1, 1, 200);
        long start = System.nanoTime();
        producer.publish(e);
        await("the vector of " + ip + " in node B's store", () -> {
            reader.refresh();
            return FeatureLookup.find(reader, SCHEMA, "ip", ip).status() == FeatureLookup.Status.FOUND;
        });
        return System.nanoTime() - start;
    }

    private static FeatureService node(ClusterSettings cluster, Path home, List<AutoCloseable> open) throws Exception {
        Files.createDirectories(home);
        FeatureService s = FeatureService.start(new FeatureServiceOptions().storePrefix(home.resolve("features"))
                .adminDisabled().cluster(cluster), SCHEMA, FleetEvents.SHIPPED.maxKeys());
        open.add(s);
        return s;
    }

    private static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + ": not within " + LIMIT);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static long size(Path root, String suffix) throws IOException {
        return size(root, "", suffix);
    }

    /**
     * Bytes of the files under {@code root} whose path contains {@code part} and ends with
     * {@code suffix} (a topic's {@code .log} segments, not its preallocated indexes).
     */
    private static long size(Path root, String part, String suffix) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> root.relativize(p).toString().contains(part) && p.toString().endsWith(suffix))
                    .mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

package dev.bliss.features.cluster.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.features.cluster.FleetEventLayout;
import dev.bliss.features.cluster.FleetEvents;
import dev.bliss.features.cluster.FleetKeyLayout;
import dev.bliss.features.cluster.FleetVectorLayout;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.features.window.KeyStateLayout;
import dev.bliss.features.window.SlidingWindows;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregator's topology under {@link TopologyTestDriver} (no broker): its vectors against
 * exact values computed here and against the local service's windows fed the same requests.
 */
class FleetTopologyTest {

    private static final FeatureSchema SCHEMA = FleetEvents.SHIPPED.schema();
    private static final Duration INTERVAL = Duration.ofSeconds(1);
    /** An hour boundary plus five minutes: one 1 m bucket, inside one 10 m and one 1 h bucket. */
    private static final long BUCKET = KeyStateLayout.BASE_MILLIS + 210_000L * 3_600_000L + 300_000L;
    private static final int IP = 0;

    @TempDir
    Path dir;

    private final AggregateCounters counters = new AggregateCounters();

    private TopologyTestDriver driver(KeyValueBytesStoreSupplier store, int refreshTicks, long wallClock) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "fleet-topology-test");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
        p.put(StreamsConfig.STATE_DIR_CONFIG, dir.resolve("state").toString());
        p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        return new TopologyTestDriver(FleetTopology.build(SCHEMA, FleetEvents.SHIPPED.maxKeys(), "events", "features",
                INTERVAL, refreshTicks, store, counters), p, Instant.ofEpochMilli(wallClock));
    }

    private static void pipe(TopologyTestDriver driver, List<FleetEvents.TopicRecord> records) {
        TestInputTopic<byte[], byte[]> in = driver.createInputTopic("events", new ByteArraySerializer(),
                new ByteArraySerializer());
        for (FleetEvents.TopicRecord r : records) {
            in.pipeInput(null, r.value(), Instant.ofEpochMilli(r.timestampMillis()));
        }
    }

    /** The latest record per key of the features topic so far (null: a tombstone). */
    private static Map<Long, byte[]> latest(TopologyTestDriver driver, int dimension) {
        TestOutputTopic<byte[], byte[]> out = driver.createOutputTopic("features", new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        Map<Long, byte[]> byKey = new HashMap<>();
        for (TestRecord<byte[], byte[]> r : out.readRecordsToList()) {
            if (FleetKeyLayout.dimension(r.key()) == dimension) {
                byKey.put(FleetKeyLayout.key(r.key()), r.value());
            }
        }
        return byKey;
    }

    private static float[] vector(byte[] value, int dimension) {
        int length = SCHEMA.dimensions().get(dimension).features().size();
        assertTrue(FleetVectorLayout.check(value, SCHEMA.hash(), length));
        float[] v = new float[length];
        FleetVectorLayout.vector(value, v, 0);
        return v;
    }

    private static int feature(String name) {
        return SCHEMA.dimensions().get(IP).featureNames().indexOf(name);
    }

    @Test
    void shouldGiveEveryKeyTheExactCountsAndTheVectorOfTheLocalWindows() throws Exception {
        Random random = new Random(15);
        List<RequestEvent> events = new ArrayList<>();
        Map<Long, Integer> count = new HashMap<>();
        Map<Long, Set<Long>> agents = new HashMap<>();
        Map<Long, Integer> errors = new HashMap<>();
        for (int i = 0; i < 3_000; i++) {
            long ip = 0x0A00_0000L + random.nextInt(40);
            long ua = 1 + random.nextInt(i % 2 == 0 ? 3 : 60);
            int status = random.nextInt(10) == 0 ? 404 : 200;
            events.add(FleetEvents.request(BUCKET + random.nextInt(50_000), ip, ua, random.nextInt(500), status));
            count.merge(ip, 1, Integer::sum);
            agents.computeIfAbsent(ip, k -> new HashSet<>()).add(ua);
            errors.merge(ip, status == 404 ? 1 : 0, Integer::sum);
        }
        Collections.shuffle(events, random); // out of order within the bucket
        SlidingWindows local = new SlidingWindows(SCHEMA, FleetEvents.SHIPPED.maxKeys());
        List<FleetEvents.TopicRecord> records = FleetEvents.throughRing(dir, events, local);

        long now = BUCKET + 55_000;
        try (TopologyTestDriver driver = driver(Stores.inMemoryKeyValueStore(FleetTopology.STORE), 1, now - 1_000)) {
            pipe(driver, records);
            driver.advanceWallClockTime(INTERVAL);
            Map<Long, byte[]> fleet = latest(driver, IP);
            assertEquals(count.keySet(), fleet.keySet(), "a vector for every address");
            int[] lengths = new int[SCHEMA.dimensions().size()];
            for (int d = 0; d < lengths.length; d++) {
                lengths[d] = SCHEMA.dimensions().get(d).features().size();
            }
            FeatureFrame frame = local.fillWholeFrame(new FeatureFrame(lengths), now);
            for (int i = 0; i < frame.count(IP); i++) {
                long ip = frame.keys(IP)[i];
                float[] v = vector(fleet.get(ip), IP);
                float[] expected = new float[lengths[IP]];
                System.arraycopy(frame.vectors(IP), i * lengths[IP], expected, 0, lengths[IP]);
                assertArrayEquals(expected, v, "the local windows' vector of " + ip);
                assertEquals((float) count.get(ip), v[feature("reqs_10m")], "requests of " + ip);
                assertEquals((float) count.get(ip), v[feature("reqs_1m")], "requests of " + ip + " in the minute");
                assertEquals((float) errors.get(ip) / count.get(ip), v[feature("ratio_4xx_10m")], 1e-6);
                // distinct user agents: the 256-bit linear counter's estimate of exactly this set of
                // values (the bits their hashes choose), and near the true count
                Set<Long> bits = new HashSet<>();
                for (long ua : agents.get(ip)) {
                    bits.add(FleetEvents.hash(ua) >>> 56);
                }
                double estimate = 256 * Math.log(256.0 / (256 - bits.size()));
                float distinct = v[feature("distinct_ua_10m")];
                assertEquals(estimate, distinct, 1e-3, "user agents of " + ip);
                assertEquals(agents.get(ip).size(), distinct, agents.get(ip).size() * 0.2, "user agents of " + ip);
            }
            assertEquals(FleetEvents.events(records), counters.events());
            assertEquals(3_000L * FleetEvents.KEYED_DIMENSIONS, counters.events(), "every key of every request");
            assertEquals(records.size(), counters.batches());
            assertTrue(records.size() < 3_000 / 10, records.size() + " records for " + counters.events() + " events");
        }
    }

    @Test
    void shouldCountAnOutOfOrderEventWithinTheWindowOnceAndALateOneNotAtAll() throws Exception {
        long ip = 0x0A00_0001L;
        List<RequestEvent> events = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            events.add(FleetEvents.request(BUCKET + 1_000 * i, ip, 7, i, 200));
        }
        events.add(FleetEvents.request(BUCKET - 30_000, ip, 8, 99, 200)); // the previous minute, same 10 minutes
        events.add(FleetEvents.request(BUCKET - 20 * 60_000, ip, 9, 98, 200)); // before the previous 10 minutes
        List<FleetEvents.TopicRecord> records = FleetEvents.throughRing(dir, events, e -> { });
        long now = BUCKET + 30_000;
        try (TopologyTestDriver driver = driver(Stores.inMemoryKeyValueStore(FleetTopology.STORE), 1, now - 1_000)) {
            pipe(driver, records);
            driver.advanceWallClockTime(INTERVAL);
            float[] v = vector(latest(driver, IP).get(ip), IP);
            assertEquals(11, v[feature("reqs_10m")], "ten in order, one out of order in the window, the late one not");
            // the out-of-order one is in the previous minute's bucket, half of which is still in the window
            assertEquals(10 + 0.5f, v[feature("reqs_1m")], 1e-4);
            assertEquals(2, v[feature("distinct_ua_10m")], 0.05, "user agents 7 and 8; 9 came too late");
        }
    }

    @Test
    void shouldRefreshUnchangedKeysEveryFewWalksAndForgetIdleOnesWithATombstone() throws Exception {
        long ip = 0x0A00_0003L;
        List<FleetEvents.TopicRecord> records = FleetEvents.throughRing(dir,
                List.of(FleetEvents.request(BUCKET, ip, 1, 1, 200)), e -> { });
        try (TopologyTestDriver driver = driver(Stores.inMemoryKeyValueStore(FleetTopology.STORE), 3, BUCKET)) {
            pipe(driver, records);
            TestOutputTopic<byte[], byte[]> out = driver.createOutputTopic("features", new ByteArrayDeserializer(),
                    new ByteArrayDeserializer());
            driver.advanceWallClockTime(INTERVAL);
            assertEquals(FleetEvents.KEYED_DIMENSIONS, out.readRecordsToList().size(), "each changed key once");
            for (int walk = 0; walk < 6; walk++) {
                driver.advanceWallClockTime(INTERVAL);
            }
            assertEquals(2 * FleetEvents.KEYED_DIMENSIONS, out.readRecordsToList().size(), "six walks: refreshed twice");
            driver.advanceWallClockTime(Duration.ofMinutes(11)); // one walk, past the ip's longest window (10 m)
            Map<Long, byte[]> ips = new HashMap<>();
            for (TestRecord<byte[], byte[]> r : out.readRecordsToList()) {
                if (FleetKeyLayout.dimension(r.key()) == IP) {
                    ips.put(FleetKeyLayout.key(r.key()), r.value());
                }
            }
            assertTrue(ips.containsKey(ip));
            assertNull(ips.get(ip), "a tombstone: the topic may forget the address");
            assertTrue(counters.tombstones() >= 1);
        }
    }

    @Test
    void shouldCountChallengeOutcomesExactlyAsTheLocalWindowsDo() throws Exception {
        long script = 0x0A00_0001L;
        long browser = 0x0A00_0002L;
        int[] outcomes = {
            RequestEventLayout.CHALLENGE_ISSUED, RequestEventLayout.CHALLENGE_ISSUED, RequestEventLayout.CHALLENGE_ISSUED,
            RequestEventLayout.CHALLENGE_FAILED, RequestEventLayout.CHALLENGE_REPLAYED, RequestEventLayout.CHALLENGE_NONE};
        List<RequestEvent> events = new ArrayList<>();
        for (int i = 0; i < outcomes.length; i++) {
            events.add(challenged(BUCKET + 1_000 * i, script, outcomes[i]));
        }
        events.add(challenged(BUCKET + 500, browser, RequestEventLayout.CHALLENGE_ISSUED));
        events.add(challenged(BUCKET + 2_500, browser, RequestEventLayout.CHALLENGE_SOLVED));
        events.add(challenged(BUCKET + 3_500, browser, RequestEventLayout.CHALLENGE_CLEARED));
        SlidingWindows local = new SlidingWindows(SCHEMA, FleetEvents.SHIPPED.maxKeys());
        List<FleetEvents.TopicRecord> records = FleetEvents.throughRing(dir, events, local);
        long now = BUCKET + 30_000;
        try (TopologyTestDriver driver = driver(Stores.inMemoryKeyValueStore(FleetTopology.STORE), 1, now - 1_000)) {
            pipe(driver, records);
            driver.advanceWallClockTime(INTERVAL);
            TestOutputTopic<byte[], byte[]> out = driver.createOutputTopic("features", new ByteArrayDeserializer(),
                    new ByteArrayDeserializer());
            int ja4 = SCHEMA.dimensions().stream().map(d -> d.name()).toList().indexOf("ja4");
            Map<Long, byte[]> fleet = new HashMap<>();
            byte[] shared = null;
            for (TestRecord<byte[], byte[]> r : out.readRecordsToList()) {
                int d = FleetKeyLayout.dimension(r.key());
                if (d == IP) {
                    fleet.put(FleetKeyLayout.key(r.key()), r.value());
                } else if (d == ja4 && FleetKeyLayout.key(r.key()) == 0x4a4aL) {
                    shared = r.value();
                }
            }
            float[] s = vector(fleet.get(script), IP);
            assertEquals(3, s[feature("challenges_issued_10m")]);
            assertEquals(0, s[feature("challenges_solved_10m")]);
            assertEquals(2, s[feature("challenges_failed_10m")], "a failed solution and a replayed one");
            float[] b = vector(fleet.get(browser), IP);
            assertEquals(1, b[feature("challenges_issued_10m")]);
            assertEquals(1, b[feature("challenges_solved_10m")]);
            assertEquals(0, b[feature("challenges_failed_10m")], "a cleared request is no outcome to count");
            float[] j = vector(shared, ja4);
            List<String> names = SCHEMA.dimensions().get(ja4).featureNames();
            assertEquals(4, j[names.indexOf("challenges_issued_10m")], "the JA4 both clients share");
            assertEquals(1, j[names.indexOf("challenges_solved_10m")]);
            assertEquals(2, j[names.indexOf("challenges_failed_10m")]);

            int[] lengths = SCHEMA.dimensions().stream().mapToInt(d -> d.features().size()).toArray();
            FeatureFrame frame = local.fillWholeFrame(new FeatureFrame(lengths), now);
            for (int i = 0; i < frame.count(IP); i++) {
                float[] expected = new float[lengths[IP]];
                System.arraycopy(frame.vectors(IP), i * lengths[IP], expected, 0, lengths[IP]);
                assertArrayEquals(expected, vector(fleet.get(frame.keys(IP)[i]), IP), "the local windows' vector");
            }
        }
    }

    private static RequestEvent challenged(long t, long ip, int challenge) {
        RequestEvent e = FleetEvents.request(t, ip, 3, 1, challenge == RequestEventLayout.CHALLENGE_ISSUED ? 403 : 200);
        e.challenge = challenge;
        return e;
    }

    /** A batch of {@code dimensions.length} events, one per dimension given, all of {@code key}. */
    private static byte[] batch(long schemaHash, long key, long t, int... dimensions) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[FleetEventLayout.length(dimensions.length)]);
        FleetEventLayout.putHeader(b, 0, dimensions.length, schemaHash);
        for (int i = 0; i < dimensions.length; i++) {
            FleetEventLayout.putEvent(b, FleetEventLayout.eventOffset(i), dimensions[i], 0, 11, 200, 0, t + i, key,
                    FleetEvents.hash(i), FleetEvents.hash(i), FleetEvents.hash(i), 100 + i, key, true);
        }
        return b.byteArray();
    }

    private static FleetEvents.TopicRecord record(byte[] value) {
        return new FleetEvents.TopicRecord(0, value, BUCKET, 0);
    }

    @Test
    void shouldSkipAndCountRecordsOfTheOldLayoutAnotherSchemaOrACutLengthAndGoOnWithTheRest() {
        long counted = 0x0A00_0005L;
        long refused = 0x0A00_0006L;
        byte[] perKey = new byte[48]; // a node of the per-key layout: its version byte is 1
        perKey[0] = FleetEventLayout.VERSION_PER_KEY;
        byte[] cut = java.util.Arrays.copyOf(batch(SCHEMA.hash(), refused, BUCKET, IP, IP, IP),
                FleetEventLayout.length(3) - 10);
        byte[] unknownDimension = batch(SCHEMA.hash(), counted, BUCKET, 200, IP);
        try (TopologyTestDriver driver = driver(Stores.inMemoryKeyValueStore(FleetTopology.STORE), 1, BUCKET)) {
            pipe(driver, List.of(record(perKey), record(batch(SCHEMA.hash() + 1, refused, BUCKET, IP, IP)), record(cut),
                    record(new byte[] {FleetEventLayout.VERSION, 0, 1}), record(unknownDimension),
                    record(batch(SCHEMA.hash(), counted, BUCKET + 10, IP, IP, IP, IP, IP))));
            driver.advanceWallClockTime(INTERVAL);
            assertEquals(4, counters.rejected(), "the per-key record, the other schema's, the cut one, the 3-byte one");
            assertEquals(1, counters.skipped(), "the event of a dimension the schema lacks");
            assertEquals(2, counters.batches());
            assertEquals(6, counters.events());
            Map<Long, byte[]> ips = latest(driver, IP);
            assertEquals(Set.of(counted), ips.keySet(), "nothing of the refused records");
            assertEquals(6, vector(ips.get(counted), IP)[feature("reqs_10m")], "the rest of the stream, exactly");
        }
    }
}

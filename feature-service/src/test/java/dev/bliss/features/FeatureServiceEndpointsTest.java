package dev.bliss.features;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RecordCheck;
import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.FeatureStoreReader;
import dev.bliss.store.events.RequestEventLayout;
import dev.bliss.store.events.RingOwnership;
import dev.bliss.store.schema.DimensionKeys;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service on its own, fed through the plugin's real ring sink: corrupt records skipped and
 * counted while valid ones keep flowing, the admin endpoint (health, metrics, features as JSON),
 * and bulk import through it, all or nothing.
 */
class FeatureServiceEndpointsTest {

    private static final String CLIENT = "198.51.100.9";
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path dir;

    private FeatureLab lab;
    private FeatureService service;
    private RingEventSink sink;
    /** The test thread's producer, as an event loop's detector holds one. */
    private RingProducer producer;
    private String admin;

    @BeforeEach
    void start() throws Exception {
        lab = new FeatureLab(dir);
        service = lab.startService(Duration.ofMillis(100));
        admin = "http://127.0.0.1:" + service.adminPort();
        sink = new RingEventSink(lab.ring(), lab.schema.schema().dimensions().size(), lab.schema.schema().hash(),
                PluginMetrics.NONE);
        producer = sink.newProducer();
    }

    @AfterEach
    void stop() {
        sink.close();
        service.close();
    }

    private RequestEvent event(String client, int status) {
        int dims = lab.schema.schema().dimensions().size();
        RequestEvent e = new RequestEvent(dims);
        IpAddress ip = IpAddress.of(client);
        e.timestampMillis = System.currentTimeMillis();
        e.keys[0] = DimensionKeys.clientIp(ip.high(), ip.low());
        e.hasKey[0] = true;
        e.keys[1] = DimensionKeys.clientIpPrefix(ip.high(), ip.low());
        e.hasKey[1] = true;
        e.status = status;
        e.userAgentHash = 5;
        e.pathHash = 6;
        return e;
    }

    /** Writes into the last ring, as a producer of its own (the test's producer owns the first). */
    private static void writeRaw(EventsRing ring, int version, int length) throws Exception {
        UnsafeBuffer b = new UnsafeBuffer(new byte[256]);
        b.putByte(RequestEventLayout.VERSION_OFFSET, (byte) version);
        b.putByte(RequestEventLayout.KEY_COUNT_OFFSET, (byte) 6);
        int last = ring.count() - 1;
        try (RingOwnership owned = RingOwnership.tryClaim(ring.file(last))) {
            assertTrue(owned != null, "the last ring is free");
            assertTrue(ring.ring(last).write(RequestEventLayout.MESSAGE_TYPE, b, 0, length));
        }
    }

    private JsonObject features(String dimension, String value) throws Exception {
        return new JsonObject(FeatureLab.http(admin + "/features/" + dimension + '/'
                + java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Test
    void shouldSkipCorruptRecordsCountThemAndKeepAggregating() throws Exception {
        EventsRing writer = EventsRing.openOrCreate(lab.ring(), RequestEventLayout.DEFAULT_CAPACITY);
        producer.publish(event(CLIENT, 200));
        writeRaw(writer, 99, RequestEventLayout.bodyLength(6));
        writeRaw(writer, RequestEventLayout.VERSION, 17);
        producer.publish(event(CLIENT, 404));
        producer.publish(event(CLIENT, 200));
        writeRaw(writer, RequestEventLayout.VERSION, RequestEventLayout.bodyLength(6) + 8);
        producer.publish(event(CLIENT, 200));

        FeatureLab.await("four events counted", WAIT, () -> service.consumer().count(RecordCheck.OK) == 4);
        FeatureLab.await("snapshot with the four requests", WAIT, () -> {
            try {
                JsonObject f = features("ip", CLIENT);
                return f.getBoolean("found") && f.getJsonObject("features").getDouble("reqs_1m") == 4.0;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        JsonObject f = features("ip", CLIENT);
        assertEquals(0.25, f.getJsonObject("features").getDouble("ratio_4xx_10m"), 1e-6);
        assertTrue(f.getBoolean("schema_matches"));

        String metrics = FeatureLab.http(admin + "/metrics");
        assertTrue(metrics.contains("bliss_features_events_total{result=\"ok\"} 4.0"), metrics);
        assertTrue(metrics.contains("bliss_features_events_total{result=\"unknown_version\"} 1.0"), metrics);
        assertTrue(metrics.contains("bliss_features_events_total{result=\"bad_length\"} 2.0"), metrics);
        assertTrue(metrics.contains("bliss_features_snapshot_sequence"), metrics);
        assertTrue(metrics.contains("bliss_features_active_keys{dimension=\"ip\"} 1.0"), metrics);
        assertEquals("ok\n", FeatureLab.http(admin + "/healthz"));
        JsonObject status = new JsonObject(FeatureLab.http(admin + "/status"));
        assertEquals(1, status.getJsonObject("events").getLong("unknown_version"));
    }

    @Test
    void shouldAnswerNotFoundForAnUnknownKeyAndBadRequestForABadValue() throws Exception {
        FeatureLab.await("first snapshot", WAIT, () -> service.lastPublish() != null);
        JsonObject missing = features("ip", "192.0.2.200");
        assertEquals(false, missing.getBoolean("found"));
        assertTrue(FeatureLab.http(admin + "/features/ip/not-an-address").contains("not an IP address"));
        assertTrue(FeatureLab.http(admin + "/features/nope/x").contains("no dimension"));
    }

    @Test
    void shouldRejectAnImportWithABadLineWholeAndPublishNothingOfIt() throws Exception {
        String csv = """
                dimension,key,feature,value
                ip,192.0.2.1,reqs_10m,12
                ip,192.0.2.2,reqs_10m,twelve
                ip,192.0.2.3,reqs_10m,3
                """;
        HttpResponse<String> r = FeatureLab.post(admin + "/import?format=csv", "text/csv", csv);
        assertEquals(422, r.statusCode(), r.body());
        JsonObject error = new JsonObject(r.body());
        assertEquals(3, error.getLong("line"));
        assertTrue(error.getString("error").contains("not a number: \"twelve\""), error.getString("error"));
        assertNull(service.imported());

        long after = service.lastPublish() == null ? -1 : service.lastPublish().sequence();
        FeatureLab.await("two more snapshots", WAIT, () -> service.lastPublish() != null && service.lastPublish().sequence() >= after + 2);
        assertEquals(false, features("ip", "192.0.2.1").getBoolean("found"), "the good line before the bad one is not published");
    }

    @Test
    void shouldPublishAnImportUnderTheLiveKeysUntilTheNextImport() throws Exception {
        String jsonl = """
                {"dimension": "ip", "key": "192.0.2.1", "features": {"reqs_10m": 12, "distinct_ua_10m": 3}}
                {"dimension": "user_agent", "key": "curl/8.5.0", "features": {"reqs_10m": 1000}}
                {"dimension": "ip", "key": "%s", "features": {"reqs_10m": 777}}
                """.formatted(CLIENT);
        HttpResponse<String> r = FeatureLab.post(admin + "/import", "application/x-ndjson", jsonl);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(2, new JsonObject(r.body()).getJsonObject("keys").getLong("ip"));
        producer.publish(event(CLIENT, 200));

        FeatureLab.await("imported and live keys published", WAIT, () -> {
            try {
                return features("ip", "192.0.2.1").getBoolean("found") && features("ip", CLIENT).getJsonObject("features")
                        .getDouble("reqs_1m") == 1.0;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        JsonObject imported = features("ip", "192.0.2.1").getJsonObject("features");
        assertEquals(12.0, imported.getDouble("reqs_10m"));
        assertEquals(3.0, imported.getDouble("distinct_ua_10m"));
        assertEquals(-1.0, imported.getDouble("interarrival_cv_10m"), "a feature the source left out holds its default");
        assertEquals(1000.0, features("user_agent", "curl/8.5.0").getJsonObject("features").getDouble("reqs_10m"));
        assertEquals(1.0, features("ip", CLIENT).getJsonObject("features").getDouble("reqs_10m"),
                "a key the service computes itself replaces its imported vector");

        try (FeatureStoreReader reader = lab.reader()) {
            assertEquals(FeatureLookup.Status.FOUND, FeatureLookup.find(reader, lab.schema.schema(), "ip", "192.0.2.1").status());
        }
    }
}

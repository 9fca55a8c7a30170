package dev.bliss.features.cluster;

import dev.bliss.bot.events.RequestEvent;
import dev.bliss.bot.events.RingEventSink;
import dev.bliss.bot.events.RingProducer;
import dev.bliss.bot.features.FeatureSchemaReader;
import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.events.EventsRing;
import dev.bliss.features.events.RequestEventHandler;
import dev.bliss.features.events.RingConsumer;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.store.schema.FeatureSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Request events as the tests need them: written by the bot-management plugin's own sink into a
 * real events ring, read back by the feature service's ring consumer, and handed both to a local
 * handler (the node's windows) and turned into the events-topic records a node's producer sends
 * (batches of events per partition, by the node's own {@link EventBatcher}).
 */
public final class FleetEvents {

    /** One events-topic record: a batch of {@code events} events for {@code partition}. */
    public record TopicRecord(int partition, byte[] value, long timestampMillis, int events) {
    }

    /** The partitions {@link #throughRing} sorts keys over. */
    public static final int PARTITIONS = 4;

    public static final FeatureSchemaReader.Result SHIPPED = shipped();

    private FleetEvents() {
    }

    private static FeatureSchemaReader.Result shipped() {
        try {
            return FeatureSchemaReader.read(YamlConfigReader.read(Path.of("..", "config", "features.yaml")));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A 64-bit hash of a small number, as the plugin's hashes of user agents and paths are. */
    public static long hash(long value) {
        long z = value + 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ z >>> 30) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ z >>> 27) * 0x94D0_49BB_1331_11EBL;
        return z ^ z >>> 31;
    }

    /**
     * The dimensions {@link #request} gives a key: the first six of the shipped schema (ip, ip
     * prefix, JA4, JA3, user agent, header order); later ones, such as the cookie, stay keyless.
     */
    public static final int KEYED_DIMENSIONS = 6;

    public static RequestEvent request(long timestampMillis, long ip, long userAgent, long path, int status) {
        RequestEvent e = new RequestEvent(SHIPPED.schema().dimensions().size());
        e.timestampMillis = timestampMillis;
        long[] keys = {ip, ip >>> 8, 0x4a4a, 0x3a3a, userAgent, 0x0d0d};
        for (int d = 0; d < keys.length; d++) {
            e.keys[d] = keys[d];
            e.hasKey[d] = true;
        }
        e.status = status;
        e.userAgentHash = hash(userAgent);
        e.pathHash = hash(path);
        e.templateHash = hash(path >>> 4); // sixteen consecutive paths share a template
        e.pageNumber = path;
        e.httpVersion = 11;
        e.hasCookie = (path & 1) == 0;
        return e;
    }

    /** Events in {@code records}. */
    public static long events(List<TopicRecord> records) {
        return records.stream().mapToLong(TopicRecord::events).sum();
    }

    /**
     * Writes {@code events} to a ring in {@code dir}, reads them back, hands each to {@code local}
     * and returns the topic records a node would produce for them over {@link #PARTITIONS}
     * partitions, batches of up to 255 events, the last ones flushed at the end.
     */
    public static List<TopicRecord> throughRing(Path dir, List<RequestEvent> events, RequestEventHandler local)
            throws Exception {
        FeatureSchema schema = SHIPPED.schema();
        int n = schema.dimensions().size();
        List<TopicRecord> out = new ArrayList<>();
        EventBatcher batcher = new EventBatcher(schema.hash(), EventProducer.clientIpDimension(schema),
                EventBatcher.eventsFitting(16 * 1024), (partition, batch, length, count, newest) -> {
                    byte[] value = new byte[length];
                    batch.getBytes(0, value);
                    out.add(new TopicRecord(partition, value, newest, count));
                });
        batcher.partitions(PARTITIONS);
        EventsRing ring = EventsRing.openOrCreate(dir.resolve("events-" + System.nanoTime()), 1 << 24);
        RingConsumer consumer = new RingConsumer(ring, n, schema.hash(), 1_000_000_000L, new RequestEventHandler() {
            @Override
            public void onEvent(dev.bliss.features.events.RequestEventRecord e) {
                local.onEvent(e);
                batcher.add(e);
            }

            @Override
            public void endOfBatch() {
                local.endOfBatch();
            }
        });
        try (RingEventSink sink = new RingEventSink(ring.path(), n, schema.hash(), PluginMetrics.NONE)) {
            RingProducer producer = sink.newProducer();
            if (!producer.connected()) {
                throw new IllegalStateException("the sink did not open " + ring.path());
            }
            int written = 0;
            for (RequestEvent e : events) {
                producer.publish(e);
                if (++written % 1000 == 0) {
                    while (consumer.poll(1024) > 0) {
                        // drain before the ring fills
                    }
                }
            }
        }
        while (consumer.poll(1024) > 0) {
            // the rest
        }
        batcher.flush();
        return out;
    }
}

package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventRecord;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Drains the {@link EventForwarder}'s buffer into the events topic: one record per dimension key
 * of each request ({@link FleetKeyLayout} key, {@link FleetEventLayout} value, the request's time
 * as the record's timestamp), batched and lz4-compressed by the Kafka producer.
 *
 * <p><b>Kafka away.</b> The producer holds up to its {@code buffer.memory} (32 MiB by default) of
 * records and retries them until {@code delivery.timeout.ms}; past that they fail and are counted.
 * While its memory is full a send waits at most {@code max.block.ms} (500 ms here), during which
 * the forwarder's buffer fills and drops: nothing upstream ever waits.
 *
 * <p><b>Thread:</b> its own ({@code bliss-features-kafka-events}); counters from any thread.
 */
public final class EventProducer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features.cluster");
    private static final int READ_LIMIT = 256;

    private final RingBuffer buffer;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final long schemaHash;
    private final int clientIpDimension;
    private final RequestEventRecord event = new RequestEventRecord();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Callback onAck = this::onAck;
    private final MessageHandler onEvent = this::send;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String lastError;
    private long lastErrorLog;

    /**
     * @param clientIpDimension the schema's client-address dimension, or -1 (distinct-address
     *                          counts then never see an address)
     */
    public EventProducer(EventForwarder forwarder, ClusterSettings settings, long schemaHash, int clientIpDimension,
                         String clientId) {
        this.buffer = forwarder.buffer();
        this.topic = settings.eventsTopic();
        this.schemaHash = schemaHash;
        this.clientIpDimension = clientIpDimension;
        this.producer = new KafkaProducer<>(properties(settings, clientId), new ByteArraySerializer(),
                new ByteArraySerializer());
        this.thread = Thread.ofPlatform().daemon().name("bliss-features-kafka-events").unstarted(this::run);
    }

    static Map<String, Object> properties(ClusterSettings settings, String clientId) {
        Map<String, Object> p = new HashMap<>();
        p.put("client.id", clientId);
        p.put("linger.ms", 20);
        p.put("batch.size", 64 * 1024);
        p.put("compression.type", "lz4");
        p.put("max.block.ms", 500);
        // one record lost or duplicated among millions moves a count by one: leader ack is enough
        p.put("acks", "1");
        p.put("enable.idempotence", false);
        p.putAll(settings.clientProperties());
        return p;
    }

    public void start() {
        thread.start();
    }

    private void run() {
        IdleStrategy idle = new BackoffIdleStrategy(16, 16, TimeUnit.MICROSECONDS.toNanos(50), TimeUnit.MILLISECONDS.toNanos(5));
        while (running) {
            idle.idle(buffer.read(onEvent, READ_LIMIT));
        }
    }

    private void send(int type, MutableDirectBuffer body, int index, int length) {
        event.wrap(body, index, length);
        byte[] value = FleetEventLayout.encode(event, schemaHash, clientIpDimension);
        long timestamp = event.timestampMillis();
        for (int d = 0, n = event.keyCount(); d < n; d++) {
            if (!event.hasKey(d)) {
                continue;
            }
            try {
                producer.send(new ProducerRecord<>(topic, null, timestamp, FleetKeyLayout.encode(d, event.key(d)), value), onAck);
                sent.lazySet(sent.get() + 1);
            } catch (KafkaException e) {
                // metadata or buffer memory not available within max.block.ms: Kafka is away
                failure(e);
            }
        }
    }

    private void onAck(RecordMetadata metadata, Exception e) {
        if (e == null) {
            acknowledged.incrementAndGet();
        } else {
            failure(e);
        }
    }

    private void failure(Exception e) {
        failed.incrementAndGet();
        lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
        long now = System.currentTimeMillis();
        if (now - lastErrorLog > 10_000) { // the producer's callback thread and ours: a racy rate limit is enough
            lastErrorLog = now;
            LOG.log(Level.WARNING, "events not sent to " + topic + " (" + failed.get() + " so far; the local windows"
                    + " have them): " + lastError);
        }
    }

    /** Records handed to the Kafka producer (one per dimension key of each request). */
    public long sent() {
        return sent.get();
    }

    /** Records the brokers acknowledged. */
    public long acknowledged() {
        return acknowledged.get();
    }

    /** Records that failed: not accepted within max.block.ms, or not delivered within delivery.timeout.ms. */
    public long failed() {
        return failed.get();
    }

    /** The last failure's text, or null. */
    public String lastError() {
        return lastError;
    }

    /** Stops draining, then gives the producer up to {@code timeoutMillis} to deliver what it holds. */
    public void close(long timeoutMillis) {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(java.time.Duration.ofMillis(timeoutMillis));
    }

    @Override
    public void close() {
        close(2_000);
    }

    /** The schema's first client-address dimension, or -1. */
    public static int clientIpDimension(dev.bliss.store.schema.FeatureSchema schema) {
        for (int d = 0; d < schema.dimensions().size(); d++) {
            if (schema.dimensions().get(d).source() == dev.bliss.store.schema.KeySource.CLIENT_IP) {
                return d;
            }
        }
        return -1;
    }
}

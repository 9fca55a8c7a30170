package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventRecord;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
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
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Drains the {@link EventForwarder}'s buffer into the events topic: the {@link EventBatcher} sorts
 * each request's dimension keys into one batch per partition ({@link FleetEventLayout}), and every
 * linger interval (20 ms), or when a batch reaches 16 KiB, each batch goes out as one Kafka record
 * with an explicit partition and no key, its newest event's time as the record's timestamp, lz4
 * compressed by the producer.
 *
 * <p><b>Why batches.</b> One record per dimension key (six per request with the shipped schema)
 * paid Kafka's per-record cost six times a request: {@code send()}, the key and value arrays, the
 * partitioner, the accumulator's lock, the record's header and its callback; about 4 µs per record
 * on the proxy's core when they share one (benchmarks/load/run.sh --mode cluster). Batched, that
 * is paid once per partition and linger interval; per event the node only copies 48 bytes into a
 * reused buffer. What still allocates is per record: the value's array (its exact length, copied
 * from the staging buffer), the {@link ProducerRecord}, the delivery callback and what
 * {@code send()} allocates inside the Kafka client.
 *
 * <p><b>Partitions.</b> The node must know the topic's partition count to sort keys; it asks the
 * producer's metadata at start, every 30 s after that, and every second until it has an answer.
 * Until then it does not drain: the forwarder's buffer fills and drops, as with Kafka away. It
 * never creates the topic (a metadata request would, with the brokers' default partition count):
 * {@link ClusterNode} does, with {@code topics.partitions}, or the operator.
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
    /** A batch's size bound: 255 events, a few per cent of Kafka's default 1 MiB request. */
    static final int BATCH_BYTES = 16 * 1024;
    static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long PARTITIONS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long PARTITIONS_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RingBuffer buffer;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final EventBatcher batcher;
    private final RequestEventRecord event = new RequestEventRecord();
    private final Counts events = new Counts();
    private final Counts records = new Counts();
    private final MessageHandler onEvent = this::add;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String lastError;
    private long lastErrorLog;
    private long lingerSince;
    private long partitionsDue;
    private boolean partitionsUnknown;

    /** Handed to the producer, acknowledged by the brokers, failed: of events or of records. */
    private static final class Counts {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong acknowledged = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
    }

    /**
     * @param clientIpDimension the schema's client-address dimension, or -1 (distinct-address
     *                          counts then never see an address)
     */
    public EventProducer(EventForwarder forwarder, ClusterSettings settings, long schemaHash, int clientIpDimension,
                         String clientId) {
        this.buffer = forwarder.buffer();
        this.topic = settings.eventsTopic();
        this.batcher = new EventBatcher(schemaHash, clientIpDimension, EventBatcher.eventsFitting(BATCH_BYTES),
                this::send);
        this.producer = new KafkaProducer<>(properties(settings, clientId), new ByteArraySerializer(),
                new ByteArraySerializer());
        this.thread = Thread.ofPlatform().daemon().name("bliss-features-kafka-events").unstarted(this::run);
    }

    static Map<String, Object> properties(ClusterSettings settings, String clientId) {
        Map<String, Object> p = new HashMap<>();
        p.put("client.id", clientId);
        // the batcher lingers; this only lets one request carry the batches of all partitions flushed together
        p.put("linger.ms", 2);
        p.put("batch.size", 64 * 1024);
        p.put("compression.type", "lz4");
        p.put("max.block.ms", 500);
        // one record lost or duplicated among millions moves a count by one: leader ack is enough
        p.put("acks", "1");
        p.put("enable.idempotence", false);
        // the node sorts keys by the topic's partition count: a topic made by a metadata request, with
        // the brokers' default count instead of topics.partitions, would fix the wrong one
        p.put("allow.auto.create.topics", false);
        p.putAll(settings.clientProperties());
        return p;
    }

    public void start() {
        thread.start();
    }

    private void run() {
        partitionsDue = System.nanoTime();
        IdleStrategy idle = new BackoffIdleStrategy(16, 16, TimeUnit.MICROSECONDS.toNanos(50), TimeUnit.MILLISECONDS.toNanos(5));
        while (running) {
            long now = System.nanoTime();
            if (now - partitionsDue >= 0) {
                checkPartitions(now);
            }
            if (batcher.partitions() == 0) { // not known yet: leave the events in the forwarder's buffer
                idle.idle(0);
                continue;
            }
            boolean idleBefore = batcher.pending() == 0;
            int read = buffer.read(onEvent, READ_LIMIT);
            if (idleBefore && batcher.pending() > 0) {
                lingerSince = now;
            } else if (batcher.pending() > 0 && now - lingerSince >= LINGER_NANOS) {
                batcher.flush();
            }
            idle.idle(read);
        }
        batcher.flush();
    }

    /** Reads the topic's partition count into the batcher, and when to read it again. */
    private void checkPartitions(long now) {
        try {
            List<PartitionInfo> partitions = producer.partitionsFor(topic);
            if (!partitions.isEmpty()) {
                batcher.partitions(partitions.size());
                if (partitionsUnknown) { // what the status said is over
                    partitionsUnknown = false;
                    lastError = null;
                }
            }
        } catch (KafkaException e) {
            // metadata not available within max.block.ms: Kafka is away, or the topic not there yet
            partitionsUnknown = true;
            note(e);
        }
        partitionsDue = now + (batcher.partitions() > 0 ? PARTITIONS_EVERY_NANOS : PARTITIONS_RETRY_NANOS);
    }

    private void add(int type, MutableDirectBuffer body, int index, int length) {
        event.wrap(body, index, length);
        batcher.add(event);
    }

    private void send(int partition, DirectBuffer batch, int length, int count, long timestamp) {
        byte[] value = new byte[length];
        batch.getBytes(0, value);
        records.sent.lazySet(records.sent.get() + 1); // single writer: this thread
        events.sent.lazySet(events.sent.get() + count);
        try {
            producer.send(new ProducerRecord<>(topic, partition, timestamp, null, value), new Delivery(count));
        } catch (KafkaException e) {
            failure(count, e); // not accepted: the callback is not called
        }
    }

    /** One record's delivery: its event count is what the metadata of a failed record cannot tell. */
    private final class Delivery implements Callback {
        private final int events;

        Delivery(int events) {
            this.events = events;
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception e) {
            if (e == null) {
                records.acknowledged.incrementAndGet();
                EventProducer.this.events.acknowledged.addAndGet(events);
            } else {
                failure(events, e);
            }
        }
    }

    private void failure(int count, Exception e) {
        records.failed.incrementAndGet();
        events.failed.addAndGet(count);
        note(e);
    }

    private void note(Exception e) {
        lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
        long now = System.currentTimeMillis();
        if (now - lastErrorLog > 10_000) { // the producer's callback thread and ours: a racy rate limit is enough
            lastErrorLog = now;
            LOG.log(Level.WARNING, "events not sent to " + topic + " (" + events.failed.get() + " failed so far; the"
                    + " local windows have them): " + lastError);
        }
    }

    /** Events (one per dimension key of a request) handed to the Kafka producer in batches. */
    public long sent() {
        return events.sent.get();
    }

    /** Events the brokers acknowledged. */
    public long acknowledged() {
        return events.acknowledged.get();
    }

    /** Events whose batch failed: not accepted within max.block.ms, or not delivered within delivery.timeout.ms. */
    public long failed() {
        return events.failed.get();
    }

    /** Records (batches) handed to the Kafka producer. */
    public long recordsSent() {
        return records.sent.get();
    }

    /** Records the brokers acknowledged. */
    public long recordsAcknowledged() {
        return records.acknowledged.get();
    }

    /** Records that failed. */
    public long recordsFailed() {
        return records.failed.get();
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

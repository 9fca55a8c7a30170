package dev.bliss.features.cluster;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the whole features topic into the {@link FleetTable}: every partition, assigned (no
 * consumer group, so no group to rebalance or authorise, and every node sees every key), from the
 * beginning at start (the compacted topic is the fleet's current table), then as it grows.
 *
 * <p><b>Kafka away.</b> {@code poll} keeps returning nothing and reconnecting; the table's vectors
 * age past max_fleet_age and the node's own vectors take over, key by key (see {@link FleetTable});
 * when the brokers return, the consumer carries on from its position.
 *
 * <p><b>Thread:</b> its own ({@code bliss-features-kafka-fleet}); counters from any thread.
 */
public final class FleetConsumer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features.cluster");
    private static final Duration POLL = Duration.ofMillis(200);
    private static final long LAG_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final ClusterSettings settings;
    private final FleetTable table;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long records;
    private volatile long tombstones;
    private volatile long lastRecordMillis;
    private volatile long newestEvaluatedAt;
    private volatile long lag = -1;
    private volatile int partitions;
    private volatile String lastError;

    public FleetConsumer(ClusterSettings settings, FleetTable table, String clientId) {
        this.settings = settings;
        this.table = table;
        this.consumer = new KafkaConsumer<>(properties(settings, clientId), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        this.thread = Thread.ofPlatform().daemon().name("bliss-features-kafka-fleet").unstarted(this::run);
    }

    static Map<String, Object> properties(ClusterSettings settings, String clientId) {
        Map<String, Object> p = new HashMap<>();
        p.put("client.id", clientId);
        p.put("enable.auto.commit", false);
        p.put("auto.offset.reset", "earliest");
        // a missing topic must not be created by asking for it, with the broker's default partitions
        p.put("allow.auto.create.topics", false);
        // the aggregator writes in transactions (exactly_once_v2): only committed vectors count
        p.put("isolation.level", "read_committed");
        p.put("max.poll.records", 5000);
        p.put("default.api.timeout.ms", 2000);
        p.put("request.timeout.ms", 2000);
        p.put("reconnect.backoff.max.ms", 1000);
        p.putAll(settings.clientProperties());
        return p;
    }

    public void start() {
        thread.start();
    }

    private void run() {
        long nextLag = 0;
        while (running) {
            try {
                if (partitions == 0 && !assign()) {
                    pause(1000);
                    continue;
                }
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(POLL);
                if (!batch.isEmpty()) {
                    long newest = newestEvaluatedAt;
                    long n = 0;
                    long t = 0;
                    for (ConsumerRecord<byte[], byte[]> r : batch) {
                        long at = table.apply(r.key(), r.value());
                        if (at > newest) {
                            newest = at;
                        }
                        n++;
                        if (r.value() == null) {
                            t++;
                        }
                    }
                    newestEvaluatedAt = newest;
                    records += n; // single writer: this thread
                    tombstones += t;
                    lastRecordMillis = System.currentTimeMillis();
                }
                long now = System.nanoTime();
                if (now >= nextLag) {
                    nextLag = now + LAG_EVERY_NANOS;
                    lag = currentLag();
                }
            } catch (WakeupException e) {
                // close() woke the poll
            } catch (KafkaException e) {
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
                LOG.log(Level.WARNING, "fleet features: " + lastError);
                pause(1000);
            }
        }
    }

    private boolean assign() {
        List<PartitionInfo> infos;
        try {
            infos = consumer.partitionsFor(settings.featuresTopic());
        } catch (KafkaException e) {
            lastError = "no partitions of " + settings.featuresTopic() + " yet: " + e.getMessage();
            return false;
        }
        if (infos == null || infos.isEmpty()) {
            lastError = "topic " + settings.featuresTopic() + " does not exist yet";
            return false;
        }
        List<TopicPartition> all = new ArrayList<>(infos.size());
        for (PartitionInfo p : infos) {
            all.add(new TopicPartition(p.topic(), p.partition()));
        }
        consumer.assign(all);
        consumer.seekToBeginning(all);
        partitions = all.size();
        lastError = null;
        LOG.log(Level.INFO, "fleet features: reading " + all.size() + " partitions of " + settings.featuresTopic());
        return true;
    }

    private long currentLag() {
        long sum = 0;
        for (TopicPartition p : consumer.assignment()) {
            OptionalLong l = consumer.currentLag(p);
            if (l.isEmpty()) {
                return -1;
            }
            sum += l.getAsLong();
        }
        return sum;
    }

    private void pause(long millis) {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (running && System.nanoTime() < until) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    /** Features-topic records read (tombstones included). */
    public long records() {
        return records;
    }

    public long tombstones() {
        return tombstones;
    }

    /** When the last record arrived (epoch ms), 0 before the first. */
    public long lastRecordMillis() {
        return lastRecordMillis;
    }

    /** The newest evaluation time among the vectors read (epoch ms), 0 before the first. */
    public long newestEvaluatedAt() {
        return newestEvaluatedAt;
    }

    /** Records behind the end of the topic, or -1 when unknown (not assigned, or no fetch yet). */
    public long lag() {
        return lag;
    }

    /** Partitions read, 0 until the topic is found. */
    public int partitions() {
        return partitions;
    }

    public String lastError() {
        return lastError;
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!thread.isAlive()) {
            consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(2)));
        }
    }
}

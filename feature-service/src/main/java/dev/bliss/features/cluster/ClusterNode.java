package dev.bliss.features.cluster;

import dev.bliss.features.events.RequestEventHandler;
import dev.bliss.features.publish.FeatureFrame;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.KafkaException;

/**
 * A feature service's part in a fleet: its events out to the events topic, the fleet's vectors
 * in from the features topic, merged into each snapshot by the fleet/local rule
 * ({@link FleetTable}). Started by the feature service when {@code feature_service.cluster} names
 * a Kafka cluster; without one, none of this exists.
 *
 * <pre>
 *  ring ─► RingConsumer ─► EventForwarder ─► local windows ─► frame ─┐
 *                              └─► buffer ─► EventProducer ─► events topic ─► bliss aggregate
 *                                                                                  │
 *  features topic ◄────────────────────────────────────────────────────────────────┘
 *       └─► FleetConsumer ─► FleetTable ─► mergeInto(frame) ─► SnapshotPublisher ─► store
 * </pre>
 *
 * <p>Threads: two of its own (producer, fleet consumer), plus the Kafka clients' network threads.
 * Starting never waits for Kafka: with the brokers away the node serves its own windows and its
 * status says so.
 */
public final class ClusterNode implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features.cluster");
    private static final java.util.concurrent.atomic.AtomicInteger NODES = new java.util.concurrent.atomic.AtomicInteger();

    private final ClusterSettings settings;
    private final EventForwarder forwarder;
    private final EventProducer producer;
    private final FleetTable table;
    private final FleetConsumer consumer;
    private final Thread topics;
    private volatile FleetTable.MergeCounts lastMerge = FleetTable.MergeCounts.NONE;

    private ClusterNode(ClusterSettings settings, FeatureSchema schema, RequestEventHandler windows, int[] vectorLengths) {
        this.settings = settings;
        // unique per node in a process too (tests run two): Kafka registers metrics under the client id
        String id = "bliss-node-" + hostName() + '-' + ProcessHandle.current().pid() + '-' + NODES.incrementAndGet();
        this.forwarder = new EventForwarder(windows, settings.eventBuffer());
        this.producer = new EventProducer(forwarder, settings, schema.hash(), EventProducer.clientIpDimension(schema),
                id + "-events");
        this.table = new FleetTable(vectorLengths, schema.hash(), settings.maxFleetAge().toMillis());
        try {
            this.consumer = new FleetConsumer(settings, table, id + "-fleet");
        } catch (RuntimeException e) {
            producer.close(0);
            throw e;
        }
        this.topics = Thread.ofPlatform().daemon().name("bliss-features-kafka-topics").unstarted(this::createTopics);
    }

    /**
     * Starts the producer and the fleet consumer (and, if allowed, creates missing topics in the
     * background).
     *
     * @param windows the local windows, which keep receiving every event first
     * @throws IllegalArgumentException when the Kafka clients refuse the settings (a bad client property)
     */
    public static ClusterNode start(ClusterSettings settings, FeatureSchema schema, RequestEventHandler windows,
                                    int[] vectorLengths) {
        ClusterNode node;
        try {
            node = new ClusterNode(settings, schema, windows, vectorLengths);
        } catch (KafkaException e) {
            // a client property Kafka refuses (feature_service.cluster.kafka.client): say which section
            throw new IllegalArgumentException("feature_service.cluster.kafka: the Kafka clients refuse the settings: "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
        if (settings.createTopics()) {
            node.topics.start();
        }
        node.producer.start();
        node.consumer.start();
        LOG.log(Level.INFO, "feature service in cluster mode: events to " + settings.eventsTopic() + ", fleet features from "
                + settings.featuresTopic() + " at " + settings.bootstrapServers() + " (fleet vectors used up to "
                + settings.maxFleetAge().toMillis() + " ms old)");
        return node;
    }

    private void createTopics() {
        try {
            List<String> created = ClusterTopics.ensure(settings, Duration.ofSeconds(30));
            if (!created.isEmpty()) {
                LOG.log(Level.INFO, "created topics " + created);
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, "could not check or create the topics " + settings.eventsTopic() + " and "
                    + settings.featuresTopic() + " (create them as feature-service/README.md shows): " + e);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }

    /** The handler the events ring's consumer feeds: the local windows, then the forwarder. */
    public RequestEventHandler eventHandler() {
        return forwarder;
    }

    /** Applies the fleet/local rule to a frame before it is published. Publisher thread. */
    public void mergeInto(FeatureFrame frame) {
        lastMerge = table.mergeInto(frame);
    }

    public ClusterSettings settings() {
        return settings;
    }

    /** The fleet as this node sees it now. Any thread. */
    public ClusterStatus status() {
        long newest = consumer.newestEvaluatedAt();
        long age = settings.maxFleetAge().toMillis();
        String error = producer.lastError() != null ? producer.lastError() : consumer.lastError();
        return new ClusterStatus(settings.bootstrapServers(), settings.eventsTopic(), settings.featuresTopic(), age,
                newest > 0 && System.currentTimeMillis() - newest <= age, producer.sent(), producer.acknowledged(),
                producer.failed(), producer.recordsSent(), producer.recordsAcknowledged(), producer.recordsFailed(),
                forwarder.dropped(), forwarder.backlogBytes(), consumer.records(), table.size(),
                consumer.lag(), consumer.lastRecordMillis(), newest, lastMerge, error);
    }

    /** Stops both threads; the producer gets two seconds to deliver what it holds. */
    @Override
    public void close() {
        consumer.close();
        producer.close(2_000);
    }
}

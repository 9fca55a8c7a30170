package dev.bliss.features.cluster.aggregate;

import dev.bliss.features.cluster.ClusterSettings;
import dev.bliss.features.cluster.ClusterTopics;
import dev.bliss.store.schema.FeatureSchema;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TaskMetadata;
import org.apache.kafka.streams.ThreadMetadata;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.Stores;

/**
 * {@code bliss aggregate}: the fleet's windows as a Kafka Streams application ({@link FleetTopology})
 * over the cluster of {@code feature_service.cluster}. Run one instance or several with the same
 * {@code application_id}: Kafka Streams spreads the events topic's partitions over them and
 * moves a stopped instance's tasks (with their state, from the changelogs) to the others. Each
 * instance keeps its stores under {@code state_dir}, so a restart resumes from local state.
 *
 * <p>Threads: Kafka Streams' ({@code threads} stream threads); a thread that dies of an
 * unexpected error is replaced.
 */
public final class FleetAggregator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.features.cluster");

    private final KafkaStreams streams;
    private final String eventsTopic;
    private final AggregateCounters counters = new AggregateCounters();

    private FleetAggregator(ClusterSettings cluster, AggregateSettings settings, FeatureSchema schema,
                            Map<String, Long> maxKeys, Duration interval) {
        int refresh = FleetTopology.refreshTicks(interval, cluster.maxFleetAge());
        this.eventsTopic = cluster.eventsTopic();
        this.streams = new KafkaStreams(FleetTopology.build(schema, maxKeys, cluster.eventsTopic(), cluster.featuresTopic(),
                interval, refresh, Stores.persistentKeyValueStore(FleetTopology.STORE), counters),
                properties(cluster, settings));
        streams.setUncaughtExceptionHandler(e -> {
            LOG.log(Level.ERROR, "aggregator stream thread failed; replacing it", e);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
    }

    static Properties properties(ClusterSettings cluster, AggregateSettings settings) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir().toString());
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, settings.threads());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, settings.processingGuarantee());
        // (Streams' consumers never create a missing events topic: allow.auto.create.topics is fixed to false)
        // the default from Kafka 5.0 on
        p.put("processing.exception.handler.global.enabled", true);
        p.put(StreamsConfig.producerPrefix("linger.ms"), 20);
        p.put(StreamsConfig.producerPrefix("compression.type"), "lz4");
        p.putAll(cluster.clientProperties());
        return p;
    }

    /**
     * Creates the topics if missing and allowed (waiting at most {@code topicsTimeout}), then starts
     * the stream threads; returns at once after that.
     *
     * @param interval how often vectors are written (the feature service's publish_interval)
     */
    public static FleetAggregator start(ClusterSettings cluster, AggregateSettings settings, FeatureSchema schema,
                                        Map<String, Long> maxKeys, Duration interval, Duration topicsTimeout)
            throws Exception {
        if (cluster.createTopics()) {
            var created = ClusterTopics.ensure(cluster, topicsTimeout);
            if (!created.isEmpty()) {
                LOG.log(Level.INFO, "created topics " + created);
            }
        }
        FleetAggregator a = new FleetAggregator(cluster, settings, schema, maxKeys, interval);
        a.streams.start();
        return a;
    }

    public KafkaStreams.State state() {
        return streams.state();
    }

    public AggregateCounters counters() {
        return counters;
    }

    /**
     * The events-topic partitions this instance's stream threads process now (their active tasks'):
     * empty before the first assignment and while a rebalance revokes them.
     */
    public Set<Integer> activePartitions() {
        Set<Integer> partitions = new TreeSet<>();
        for (ThreadMetadata thread : streams.metadataForLocalThreads()) {
            for (TaskMetadata task : thread.activeTasks()) {
                for (TopicPartition p : task.topicPartitions()) {
                    if (p.topic().equals(eventsTopic)) {
                        partitions.add(p.partition());
                    }
                }
            }
        }
        return partitions;
    }

    /**
     * Stops the stream threads, committing what they hold, and leaves the group so that other
     * instances take the tasks at once (at most 30 s).
     */
    @Override
    public void close() {
        streams.close(CloseOptions.timeout(Duration.ofSeconds(30))
                .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP));
    }
}

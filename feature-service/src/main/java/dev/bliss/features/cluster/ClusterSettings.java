package dev.bliss.features.cluster;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code feature_service.cluster} section of bliss.yaml: where the fleet's Kafka cluster is
 * and how a node uses it. Absent (or without {@code kafka.bootstrap_servers}): no cluster mode,
 * nothing extra starts.
 *
 * <pre>
 *   cluster:
 *     kafka:
 *       bootstrap_servers: broker1:9092,broker2:9092   required for cluster mode
 *       events_topic: bliss-events                     each node's request events, keyed by dimension key
 *       features_topic: bliss-features                 the aggregator's fleet vectors (compacted)
 *       client: {security.protocol: SASL_SSL, …}       any Kafka client property, passed through
 *     max_fleet_age: 30s        a fleet vector older than this gives way to the node's own
 *     event_buffer: 4194304     bytes of events waiting for the producer (power of two); full: dropped, counted
 *     topics: {create: true, partitions: 12, replication_factor: 0}   created when missing (0: broker default)
 * </pre>
 *
 * @param client Kafka client properties applied over bliss's defaults, to producers, consumers,
 *               the admin client and the aggregator alike
 */
public record ClusterSettings(String bootstrapServers, String eventsTopic, String featuresTopic,
                              Map<String, String> client, Duration maxFleetAge, int eventBuffer,
                              boolean createTopics, int partitions, short replicationFactor) {

    public static final String DEFAULT_EVENTS_TOPIC = "bliss-events";
    public static final String DEFAULT_FEATURES_TOPIC = "bliss-features";
    /** A fleet vector older than this (30 s) is not used; the node's own vector is. */
    public static final Duration DEFAULT_MAX_FLEET_AGE = Duration.ofSeconds(30);
    /** 4 MiB of events between the aggregator thread and the producer: about 40,000 requests. */
    public static final int DEFAULT_EVENT_BUFFER = 1 << 22;
    /** Partitions of topics bliss creates: 12 (divides among 1, 2, 3, 4, 6 and 12 aggregators). */
    public static final int DEFAULT_PARTITIONS = 12;

    public ClusterSettings {
        client = Map.copyOf(client);
        if (Integer.bitCount(eventBuffer) != 1 || eventBuffer < 1 << 16) {
            throw new IllegalArgumentException("event_buffer must be a power of two of at least 65536, got " + eventBuffer);
        }
    }

    /** Settings for {@code bootstrapServers} with every default. */
    public static ClusterSettings of(String bootstrapServers) {
        return new ClusterSettings(bootstrapServers, DEFAULT_EVENTS_TOPIC, DEFAULT_FEATURES_TOPIC, Map.of(),
                DEFAULT_MAX_FLEET_AGE, DEFAULT_EVENT_BUFFER, true, DEFAULT_PARTITIONS, (short) 0);
    }

    public ClusterSettings withMaxFleetAge(Duration age) {
        return new ClusterSettings(bootstrapServers, eventsTopic, featuresTopic, client, age, eventBuffer, createTopics,
                partitions, replicationFactor);
    }

    public ClusterSettings withTopics(String events, String features) {
        return new ClusterSettings(bootstrapServers, events, features, client, maxFleetAge, eventBuffer, createTopics,
                partitions, replicationFactor);
    }

    public ClusterSettings withClient(Map<String, String> properties) {
        return new ClusterSettings(bootstrapServers, eventsTopic, featuresTopic, properties, maxFleetAge, eventBuffer,
                createTopics, partitions, replicationFactor);
    }

    /**
     * Reads the section; null when it is absent or names no bootstrap servers (cluster mode off).
     */
    public static ClusterSettings read(ConfigSection section) throws ConfigException {
        ConfigSection kafka = section.section("kafka");
        String bootstrap = kafka.string("bootstrap_servers", null);
        String events = kafka.string("events_topic", DEFAULT_EVENTS_TOPIC);
        String features = kafka.string("features_topic", DEFAULT_FEATURES_TOPIC);
        if (events.isBlank() || features.isBlank() || events.equals(features)) {
            throw kafka.error("features_topic", "events_topic and features_topic must be two different, non-empty names");
        }
        Map<String, String> client = new LinkedHashMap<>(kafka.stringMap("client"));
        if (client.containsKey("bootstrap.servers")) {
            throw kafka.error("client", "set bootstrap_servers, not client.bootstrap.servers");
        }
        kafka.requireNoUnknownKeys();
        Duration age = section.duration("max_fleet_age", DEFAULT_MAX_FLEET_AGE);
        if (age.toMillis() < 1_000) {
            throw section.error("max_fleet_age", "must be at least 1s");
        }
        long buffer = section.integer("event_buffer", DEFAULT_EVENT_BUFFER);
        if (buffer > 1 << 30 || Long.bitCount(buffer) != 1 || buffer < 1 << 16) {
            throw section.error("event_buffer", "must be a power of two from 65536 to 1073741824, got " + buffer);
        }
        ConfigSection topics = section.section("topics");
        boolean create = topics.bool("create", true);
        int partitions = topics.integer("partitions", DEFAULT_PARTITIONS, 1, 10_000);
        int replication = topics.integer("replication_factor", 0, 0, Short.MAX_VALUE);
        topics.requireNoUnknownKeys();
        section.requireNoUnknownKeys();
        if (bootstrap == null || bootstrap.isBlank()) {
            return null;
        }
        return new ClusterSettings(bootstrap, events, features, client, age, (int) buffer, create, partitions,
                (short) replication);
    }

    /** The properties every Kafka client of bliss starts from: the servers, then {@link #client}. */
    public Map<String, Object> clientProperties() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("bootstrap.servers", bootstrapServers);
        p.putAll(client);
        return p;
    }
}

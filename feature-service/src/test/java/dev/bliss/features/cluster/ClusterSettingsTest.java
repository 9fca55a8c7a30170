package dev.bliss.features.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bliss.config.yaml.YamlConfigReader;
import dev.bliss.features.FeatureServiceSettings;
import dev.bliss.features.cluster.aggregate.AggregateSettings;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cluster and aggregate sections of bliss.yaml: defaults, pass-through, and errors that say where. */
class ClusterSettingsTest {

    private static ConfigSection root(String yaml) throws ConfigException {
        return ConfigSection.root(YamlConfigReader.parse("bliss.yaml", yaml));
    }

    private static ClusterSettings cluster(String yaml) throws ConfigException {
        return FeatureServiceSettings.read(root(yaml).section("feature_service"), Path.of("/etc/bliss")).options().cluster();
    }

    @Test
    void shouldLeaveClusterModeOffWithoutBootstrapServers() throws Exception {
        assertNull(cluster("feature_service: {publish_interval: 1s}\n"));
        assertNull(cluster("feature_service:\n  cluster:\n    max_fleet_age: 10s\n"));
    }

    @Test
    void shouldReadEveryKeyAndPassClientPropertiesThrough() throws Exception {
        ClusterSettings c = cluster("""
                feature_service:
                  cluster:
                    kafka:
                      bootstrap_servers: k1:9092,k2:9092
                      events_topic: e
                      features_topic: f
                      client: {security.protocol: SASL_SSL, sasl.mechanism: SCRAM-SHA-512, linger.ms: 50}
                    max_fleet_age: 10s
                    event_buffer: 65536
                    topics: {create: false, partitions: 6, replication_factor: 3}
                """);
        assertEquals("k1:9092,k2:9092", c.bootstrapServers());
        assertEquals("e", c.eventsTopic());
        assertEquals("f", c.featuresTopic());
        assertEquals(Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512", "linger.ms", "50"), c.client());
        assertEquals(Duration.ofSeconds(10), c.maxFleetAge());
        assertEquals(65536, c.eventBuffer());
        assertEquals(6, c.partitions());
        assertEquals(3, c.replicationFactor());
        assertTrue(!c.createTopics());
        assertEquals("SASL_SSL", c.clientProperties().get("security.protocol"));
        assertEquals("k1:9092,k2:9092", c.clientProperties().get("bootstrap.servers"));
    }

    @Test
    void shouldDefaultTopicsAndAgeForJustTheServers() throws Exception {
        ClusterSettings c = cluster("feature_service: {cluster: {kafka: {bootstrap_servers: 127.0.0.1:9092}}}\n");
        assertEquals(ClusterSettings.DEFAULT_EVENTS_TOPIC, c.eventsTopic());
        assertEquals(ClusterSettings.DEFAULT_FEATURES_TOPIC, c.featuresTopic());
        assertEquals(ClusterSettings.DEFAULT_MAX_FLEET_AGE, c.maxFleetAge());
        assertEquals(ClusterSettings.DEFAULT_PARTITIONS, c.partitions());
    }

    @Test
    void shouldNameFileLineAndKeyOfAnError() {
        ConfigException unknown = assertThrows(ConfigException.class, () -> cluster("""
                feature_service:
                  cluster:
                    kafka:
                      bootstrap_servers: k:9092
                      bootstrap: k:9092
                """));
        assertEquals(5, unknown.position().line(), unknown.getMessage());
        assertTrue(unknown.getMessage().startsWith("bliss.yaml:5:"), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("bootstrap"), unknown.getMessage());

        ConfigException buffer = assertThrows(ConfigException.class, () -> cluster("""
                feature_service:
                  cluster:
                    kafka: {bootstrap_servers: k:9092}
                    event_buffer: 100000
                """));
        assertEquals(4, buffer.position().line(), buffer.getMessage());
        assertTrue(buffer.getMessage().contains("event_buffer") && buffer.getMessage().contains("power of two"),
                buffer.getMessage());

        ConfigException servers = assertThrows(ConfigException.class, () -> cluster("""
                feature_service:
                  cluster:
                    kafka:
                      bootstrap_servers: k:9092
                      client: {bootstrap.servers: x:1}
                """));
        assertTrue(servers.getMessage().contains("client"), servers.getMessage());
    }

    @Test
    void shouldRefuseToStartWithAClientPropertyKafkaRefusesAndSaySo(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        ClusterSettings bad = ClusterSettings.of("127.0.0.1:9").withClient(Map.of("acks", "sometimes"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dev.bliss.features.FeatureService
                .start(new dev.bliss.features.FeatureServiceOptions().storePrefix(dir.resolve("features")).adminDisabled()
                        .cluster(bad), FleetEvents.SHIPPED.schema(), FleetEvents.SHIPPED.maxKeys()));
        assertTrue(e.getMessage().startsWith("feature_service.cluster.kafka:") && e.getMessage().contains("acks"),
                e.getMessage());
        // the store's writer was released: a service without the bad property starts on the same store
        try (dev.bliss.features.FeatureService s = dev.bliss.features.FeatureService.start(
                new dev.bliss.features.FeatureServiceOptions().storePrefix(dir.resolve("features")).adminDisabled(),
                FleetEvents.SHIPPED.schema(), FleetEvents.SHIPPED.maxKeys())) {
            assertNull(s.cluster());
        }
    }

    @Test
    void shouldReadTheAggregateSection() throws Exception {
        AggregateSettings a = AggregateSettings.read(root("aggregate: {application_id: fleet, threads: 2}\n")
                .section("aggregate"), Path.of("/etc/bliss/config"));
        assertEquals("fleet", a.applicationId());
        assertEquals(2, a.threads());
        assertEquals(Path.of("/etc/bliss/state/aggregate"), a.stateDir());
        assertEquals(AggregateSettings.EXACTLY_ONCE, a.processingGuarantee());
        ConfigException e = assertThrows(ConfigException.class, () -> AggregateSettings.read(
                root("aggregate:\n  processing_guarantee: maybe\n").section("aggregate"), Path.of("/")));
        assertEquals(2, e.position().line(), e.getMessage());
    }
}

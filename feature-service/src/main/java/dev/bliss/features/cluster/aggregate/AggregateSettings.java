package dev.bliss.features.cluster.aggregate;

import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import java.nio.file.Path;

/**
 * The {@code aggregate} section of bliss.yaml, read by {@code bliss aggregate} (which also reads
 * {@code feature_service}: its cluster, schema and publish interval).
 *
 * <pre>
 *   aggregate:
 *     application_id: bliss-aggregate     Kafka Streams' application.id: the consumer group, and the prefix of
 *                                         its changelog topics; every instance of one fleet's aggregator shares it
 *     state_dir: ../state/aggregate       the state stores (RocksDB), kept across restarts; relative to bliss.yaml
 *     threads: 1                          stream threads in this instance
 *     processing_guarantee: exactly_once_v2   or at_least_once (after a crash, replayed events count twice)
 * </pre>
 */
public record AggregateSettings(String applicationId, Path stateDir, int threads, String processingGuarantee) {

    public static final String DEFAULT_APPLICATION_ID = "bliss-aggregate";
    public static final String DEFAULT_STATE_DIR = "../state/aggregate";
    public static final String EXACTLY_ONCE = "exactly_once_v2";
    public static final String AT_LEAST_ONCE = "at_least_once";

    /** Reads the section (absent: every default); relative paths against {@code base}. */
    public static AggregateSettings read(ConfigSection section, Path base) throws ConfigException {
        String id = section.string("application_id", DEFAULT_APPLICATION_ID);
        if (id.isBlank()) {
            throw section.error("application_id", "must not be empty");
        }
        Path stateDir = base.resolve(section.string("state_dir", DEFAULT_STATE_DIR)).normalize();
        int threads = section.integer("threads", 1, 1, 64);
        String guarantee = section.oneOf("processing_guarantee", EXACTLY_ONCE, EXACTLY_ONCE, AT_LEAST_ONCE);
        section.requireNoUnknownKeys();
        return new AggregateSettings(id, stateDir, threads, guarantee);
    }
}

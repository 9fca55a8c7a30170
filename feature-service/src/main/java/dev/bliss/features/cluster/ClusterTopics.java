package dev.bliss.features.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The two topics of a bliss fleet, created when missing (if {@code topics.create} allows).
 *
 * <pre>
 *   events    partitions: topics.partitions   retention.ms = 1 h (past the longest window, an event counts for nothing)
 *   features  partitions: topics.partitions   cleanup.policy = compact,delete, retention.ms = 1 h, segment.ms = 10 min
 *             (compaction keeps each key's latest vector; idle keys leave through tombstones and retention)
 * </pre>
 */
public final class ClusterTopics {

    static final Map<String, String> EVENTS_CONFIG = Map.of("retention.ms", "3600000");
    static final Map<String, String> FEATURES_CONFIG = Map.of("cleanup.policy", "compact,delete",
            "retention.ms", "3600000", "segment.ms", "600000");

    private ClusterTopics() {
    }

    /**
     * Creates whichever of the two topics does not exist.
     *
     * @return the topics created (empty when both existed)
     * @throws TimeoutException when the cluster does not answer within {@code timeout}
     * @throws ExecutionException when it refuses (the cause says why, e.g. an ACL)
     */
    public static List<String> ensure(ClusterSettings settings, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Object> p = settings.clientProperties();
        p.put("request.timeout.ms", (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        p.put("default.api.timeout.ms", (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        p.putIfAbsent("client.id", "bliss-topics");
        try (Admin admin = Admin.create(p)) {
            Set<String> existing = admin.listTopics().names().get(remaining(deadline), TimeUnit.NANOSECONDS);
            Optional<Short> replication = settings.replicationFactor() > 0 ? Optional.of(settings.replicationFactor())
                    : Optional.empty();
            List<NewTopic> missing = new ArrayList<>();
            if (!existing.contains(settings.eventsTopic())) {
                missing.add(new NewTopic(settings.eventsTopic(), Optional.of(settings.partitions()), replication)
                        .configs(EVENTS_CONFIG));
            }
            if (!existing.contains(settings.featuresTopic())) {
                missing.add(new NewTopic(settings.featuresTopic(), Optional.of(settings.partitions()), replication)
                        .configs(FEATURES_CONFIG));
            }
            List<String> created = new ArrayList<>();
            for (NewTopic t : missing) {
                try {
                    admin.createTopics(List.of(t)).all().get(remaining(deadline), TimeUnit.NANOSECONDS);
                    created.add(t.name());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) { // another node or aggregator won the race
                        throw e;
                    }
                }
            }
            return created;
        }
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }
}

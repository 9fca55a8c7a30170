package dev.bliss.features.cluster;

/**
 * A node's view of the fleet at one moment, for /status and /metrics.
 *
 * @param fleetFresh        whether the newest fleet vector is within max_fleet_age: false means
 *                          the node serves its own windows (Kafka away, or no aggregator running)
 * @param eventsSent        events handed to the producer (one per dimension key of a request)
 * @param eventsAcknowledged events the brokers acknowledged
 * @param eventsFailed      events whose record was not accepted in time or not delivered
 * @param recordsSent       events-topic records (batches of events, one per partition and linger interval)
 *                          handed to the producer
 * @param recordsAcknowledged records the brokers acknowledged
 * @param recordsFailed     records not accepted in time or not delivered
 * @param eventsDropped     requests not forwarded at all: the node's event buffer was full
 * @param bufferBytes       bytes of requests waiting in that buffer
 * @param fleetRecords      features-topic records read
 * @param fleetKeys         keys with a fleet vector held
 * @param lag               features-topic records not read yet, -1 unknown
 * @param lastFleetRecordMillis when the last features record arrived, 0 never
 * @param newestEvaluatedAt the newest fleet vector's evaluation time, 0 never
 * @param lastMerge         what the last snapshot took from the fleet
 * @param lastError         the last producer or consumer error, or null
 */
public record ClusterStatus(String bootstrapServers, String eventsTopic, String featuresTopic, long maxFleetAgeMillis,
                            boolean fleetFresh, long eventsSent, long eventsAcknowledged, long eventsFailed,
                            long recordsSent, long recordsAcknowledged, long recordsFailed,
                            long eventsDropped, long bufferBytes, long fleetRecords, long fleetKeys, long lag,
                            long lastFleetRecordMillis, long newestEvaluatedAt, FleetTable.MergeCounts lastMerge,
                            String lastError) {
}

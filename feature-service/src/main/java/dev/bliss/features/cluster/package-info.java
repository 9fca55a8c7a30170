/**
 * Cluster mode: a node's part in a fleet on Kafka. {@link dev.bliss.features.cluster.ClusterNode}
 * forwards the node's events to the events topic ({@link dev.bliss.features.cluster.EventForwarder},
 * {@link dev.bliss.features.cluster.EventProducer}) and reads the fleet's vectors from the features
 * topic ({@link dev.bliss.features.cluster.FleetConsumer}) into a
 * {@link dev.bliss.features.cluster.FleetTable}, whose fleet/local rule each snapshot applies. The
 * records of both topics are written down once each: {@link dev.bliss.features.cluster.FleetKeyLayout},
 * {@link dev.bliss.features.cluster.FleetEventLayout}, {@link dev.bliss.features.cluster.FleetVectorLayout}.
 * The aggregator that turns one topic into the other is in {@code aggregate}.
 */
package dev.bliss.features.cluster;

/**
 * {@code bliss aggregate}: the fleet's windows as a Kafka Streams application
 * ({@link dev.bliss.features.cluster.aggregate.FleetTopology}, one
 * {@link dev.bliss.features.cluster.aggregate.FleetWindowsProcessor} per task over the same
 * {@link dev.bliss.features.window.DimensionWindows} a node keeps), run by
 * {@link dev.bliss.features.cluster.aggregate.FleetAggregator} with the {@code aggregate} section's
 * {@link dev.bliss.features.cluster.aggregate.AggregateSettings}.
 */
package dev.bliss.features.cluster.aggregate;

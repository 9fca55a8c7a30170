/**
 * {@code bliss feature-service} (the service as its own process), {@code bliss aggregate} (the fleet
 * aggregator on Kafka) and {@code bliss features}
 * (show a key's published features, import features computed elsewhere).
 */
package dev.bliss.app.features;

package dev.bliss.store.schema;

import java.time.Duration;

/**
 * One inter-request feature of a dimension.
 *
 * @param name         unique within its dimension, e.g. {@code distinct_ua_10m}
 * @param aggregation  how requests become the value
 * @param window       the sliding window it covers
 * @param defaultValue what the model sees for a key the store does not have
 */
public record FeatureSpec(String name, Aggregation aggregation, Duration window, float defaultValue) {
}

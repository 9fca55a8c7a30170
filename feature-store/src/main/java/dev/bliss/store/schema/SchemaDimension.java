package dev.bliss.store.schema;

import java.util.List;

/**
 * One dimension of the schema: a key source and the features kept per key.
 *
 * @param header the header name when {@code source} is {@link KeySource#HEADER}, else null
 */
public record SchemaDimension(String name, KeySource source, String header, List<FeatureSpec> features) {

    public SchemaDimension {
        features = List.copyOf(features);
    }

    public List<String> featureNames() {
        return features.stream().map(FeatureSpec::name).toList();
    }

    /** The longest window of its features: a key idle longer than this can be evicted. */
    public java.time.Duration longestWindow() {
        return features.stream().map(FeatureSpec::window).max(java.util.Comparator.naturalOrder()).orElse(java.time.Duration.ZERO);
    }
}

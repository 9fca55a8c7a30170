package dev.bliss.store;

import java.util.List;
import java.util.Objects;

/**
 * One dimension of a snapshot: its name (e.g. {@code ip}), the most keys it will hold (sizes
 * its table before any key is written), and its feature names, whose count is the vector length.
 */
public record DimensionSpec(String name, long maxKeys, List<String> featureNames) {

    public DimensionSpec {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("dimension name is empty");
        }
        if (maxKeys < 0) {
            throw new IllegalArgumentException("maxKeys < 0 for dimension " + name);
        }
        featureNames = List.copyOf(featureNames);
    }

    /** Floats per key. */
    public int vectorLength() {
        return featureNames.size();
    }
}

package dev.bliss.store.schema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The feature schema shared by the feature service (which writes snapshots) and the
 * bot-management plugin (which reads them and builds the model input): request features, then
 * dimensions with their features. Both sides compute {@link #hash()} from their copy; a snapshot
 * carries the writer's, and a reader whose hash differs treats features as unavailable rather
 * than feed a model numbers in the wrong places.
 *
 * <p>The model input vector is laid out as
 * <pre>
 *   [ request features … | dim 0 features … | dim 1 features … | … ]
 * </pre>
 * with names {@code header_count}, …, {@code ip.reqs_1m}, … ({@link #inputNames()}).
 * Immutable.
 */
public record FeatureSchema(List<RequestFeature> requestFeatures, List<SchemaDimension> dimensions) {

    public FeatureSchema {
        requestFeatures = List.copyOf(requestFeatures);
        dimensions = List.copyOf(dimensions);
    }

    /** The names of the model input vector, in order. */
    public List<String> inputNames() {
        List<String> names = new ArrayList<>();
        for (RequestFeature f : requestFeatures) {
            names.add(f.configName());
        }
        for (SchemaDimension d : dimensions) {
            for (FeatureSpec f : d.features()) {
                names.add(d.name() + '.' + f.name());
            }
        }
        return names;
    }

    public int inputLength() {
        int n = requestFeatures.size();
        for (SchemaDimension d : dimensions) {
            n += d.features().size();
        }
        return n;
    }

    /** Where dimension {@code i}'s features start in the input vector. */
    public int inputOffset(int dimension) {
        int offset = requestFeatures.size();
        for (int i = 0; i < dimension; i++) {
            offset += dimensions.get(i).features().size();
        }
        return offset;
    }

    /** The input vector of a request with no stored features: zeros and the schema's defaults. */
    public float[] defaults() {
        float[] v = new float[inputLength()];
        int i = requestFeatures.size();
        for (SchemaDimension d : dimensions) {
            for (FeatureSpec f : d.features()) {
                v[i++] = f.defaultValue();
            }
        }
        return v;
    }

    public int dimensionIndex(String name) {
        for (int i = 0; i < dimensions.size(); i++) {
            if (dimensions.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A 64-bit hash of everything that decides what a stored number means: dimension names, key
     * sources, feature names, aggregations and windows, in order. Defaults are left out: they
     * are the reader's business and never stored.
     */
    public long hash() {
        StringBuilder canonical = new StringBuilder("bliss-features-v1\n");
        for (SchemaDimension d : dimensions) {
            canonical.append(d.name()).append('|').append(d.source().configName()).append('|')
                    .append(d.header() == null ? "" : d.header()).append('\n');
            for (FeatureSpec f : d.features()) {
                canonical.append("  ").append(f.name()).append('|').append(f.aggregation().configName())
                        .append('|').append(f.window().toMillis()).append('\n');
            }
        }
        byte[] bytes = canonical.toString().getBytes(StandardCharsets.UTF_8);
        return DimensionKeys.hashBytes(bytes, 0, bytes.length);
    }
}

package dev.bliss.features.publish;

import dev.bliss.features.importer.ImportedFeatures;
import dev.bliss.store.FeatureStoreWriter;
import dev.bliss.store.SnapshotBuilder;
import dev.bliss.store.SnapshotSpec;
import dev.bliss.store.StoreException;
import dev.bliss.store.WriteResult;
import dev.bliss.store.schema.Aggregation;
import dev.bliss.store.schema.FeatureSchema;
import dev.bliss.store.schema.SchemaDimension;
import java.util.List;

/**
 * Writes frames to the feature store: ranks and quantiles across each dimension, then one
 * snapshot of every key (imported vectors first, so that a key the service computes itself
 * replaces its imported vector), published with the store's writer under the schema's hash.
 *
 * <p><b>Thread:</b> the publisher thread only (it owns the writer). The writer may wait up to
 * its grace period for readers of the file it rewrites; only this thread waits, the aggregator
 * keeps ingesting (it skips a tick when both frames are here).
 */
public final class SnapshotPublisher {

    private final FeatureStoreWriter writer;
    private final FeatureSchema schema;
    private final long schemaHash;
    private final RankByCount ranks = new RankByCount();
    private volatile ImportedFeatures imported;

    public SnapshotPublisher(FeatureStoreWriter writer, FeatureSchema schema) {
        this.writer = writer;
        this.schema = schema;
        this.schemaHash = schema.hash();
    }

    /** Makes {@code features} the base of every following snapshot (null: none). Any thread. */
    public void imported(ImportedFeatures features) {
        this.imported = features;
    }

    public ImportedFeatures imported() {
        return imported;
    }

    /**
     * Publishes {@code frame} as the next snapshot.
     *
     * @param frameNanos how long the frame took to fill, for the stats
     */
    public PublishStats publish(FeatureFrame frame, long frameNanos) throws StoreException {
        long start = System.nanoTime();
        List<SchemaDimension> dims = schema.dimensions();
        for (int d = 0; d < dims.size(); d++) {
            List<dev.bliss.store.schema.FeatureSpec> features = dims.get(d).features();
            for (int f = 0; f < features.size(); f++) {
                Aggregation a = features.get(f).aggregation();
                if (a == Aggregation.RANK_BY_COUNT || a == Aggregation.QUANTILE_BY_COUNT) {
                    ranks.apply(frame.vectors(d), frame.count(d), frame.vectorLength(d), f, a);
                }
            }
        }
        ImportedFeatures base = imported;
        SnapshotSpec.Builder spec = SnapshotSpec.builder(schemaHash).createdAtMillis(frame.createdAtMillis());
        for (int d = 0; d < dims.size(); d++) {
            long max = frame.count(d) + (base == null ? 0 : base.keyCount(d));
            spec.dimension(dims.get(d).name(), Math.max(1, max), dims.get(d).featureNames());
        }
        long[] keys = new long[dims.size()];
        SnapshotBuilder builder = writer.begin(spec.build());
        try {
            for (int d = 0; d < dims.size(); d++) {
                int length = frame.vectorLength(d);
                if (base != null) {
                    long[] k = base.keys().get(d);
                    float[] v = base.vectors().get(d);
                    for (int i = 0; i < k.length; i++) {
                        builder.put(d, k[i], v, i * length);
                    }
                }
                long[] k = frame.keys(d);
                float[] v = frame.vectors(d);
                for (int i = 0, n = frame.count(d); i < n; i++) {
                    builder.put(d, k[i], v, i * length);
                }
                keys[d] = builder.keyCount(d);
            }
            WriteResult result = writer.write(builder);
            return new PublishStats(result.sequence(), frame.createdAtMillis(), keys, result.bytesWritten(), frameNanos,
                    System.nanoTime() - start, result.readerCounterReset());
        } catch (RuntimeException | InternalError e) {
            // InternalError: a data file cut short under the mapping; abandon, or the writer
            // would refuse every later begin (a snapshot already being built)
            builder.close();
            throw e;
        }
    }
}

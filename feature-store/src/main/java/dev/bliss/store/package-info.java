/**
 * The feature store: the shared-memory contract between the feature sidecar (one writer) and
 * every proxy event loop (readers), after the synchronizer design of Cloudflare's mmap-sync,
 * plus zero-copy feature tables.
 *
 * <p>Writer side: {@link dev.bliss.store.FeatureStoreWriter} →
 * {@link dev.bliss.store.SnapshotBuilder} → {@link dev.bliss.store.WriteResult}.
 * Reader side: {@link dev.bliss.store.FeatureStoreReader} (one per process) →
 * {@link dev.bliss.store.ReadHandle} (one per thread) → {@link dev.bliss.store.ReadGuard}
 * (one per request) → {@link dev.bliss.store.FeatureTable} and
 * {@link dev.bliss.store.LookupBatch}. File formats: {@code dev.bliss.store.layout}.
 */
package dev.bliss.store;

/**
 * The binary formats the writer and every reader share, one descriptor class per file.
 *
 * <p>Every offset, size and bit width of the feature store's files is defined here and nowhere
 * else: {@link dev.bliss.store.layout.StateLayout} (the small state file of atomics),
 * {@link dev.bliss.store.layout.InstanceVersion} (the 64-bit word that names the published
 * data), {@link dev.bliss.store.layout.DataFileLayout} (a data file's header and dimension
 * directory) and {@link dev.bliss.store.layout.FeatureTableLayout} (one dimension's hash table).
 * All multi-byte values are in the platform's native byte order: the files are shared memory
 * between processes on one machine, not an interchange format.
 *
 * <p>The classes hold constants and pure functions only; they allocate nothing and are safe
 * from any thread.
 */
package dev.bliss.store.layout;

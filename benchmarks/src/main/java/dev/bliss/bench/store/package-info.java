/**
 * JMH benchmarks of the feature store: lookups against a pointer chase over the same amount of
 * memory, batched lookups, reads while a writer publishes, and snapshot write time. See
 * feature-store/README.md for the commands and the latest figures.
 */
package dev.bliss.bench.store;

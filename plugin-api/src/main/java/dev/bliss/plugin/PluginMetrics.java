package dev.bliss.plugin;

import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * Where a plugin publishes its own metrics; the proxy exposes them on {@code /metrics} next to
 * its own, prefixed {@code bliss_plugin_}. Meters are made at startup; the returned counters are
 * thread-safe, cheap to increment (no lookup, no allocation) and may be used on the request path.
 */
public interface PluginMetrics {

    /** A monotonically increasing count. */
    interface Counter {

        void increment();

        void add(long amount);
    }

    /**
     * A counter named {@code bliss_plugin_<name>_total}, with fixed tag pairs
     * ({@code "reason", "stale"}); the plugin's name is added as tag {@code plugin}.
     */
    Counter counter(String name, String description, String... tagPairs);

    /** A value sampled when metrics are scraped (on the admin server's thread). */
    void gauge(String name, String description, DoubleSupplier value, String... tagPairs);

    /** The kind of a {@link #family}. */
    enum FamilyType {
        /** Monotonic counts, exposed as {@code bliss_plugin_<name>_total}. */
        COUNTER,
        /** Values that go up and down. */
        GAUGE,
        /** Bucketed observations: {@code _bucket{le}}, {@code _sum}, {@code _count}. */
        HISTOGRAM
    }

    /** Where a {@link #family} reports its series during one scrape. */
    interface Series {

        /** One series of a counter or gauge family, with its label pairs ({@code "model", "m2"}). */
        void value(double value, String... labelPairs);

        /**
         * One series of a histogram family.
         *
         * @param bucketCounts observations per bucket, not cumulative; one more than the family's
         *                     upper bounds, the last for values above every bound
         * @param sum          the sum of all observations
         */
        void histogram(long[] bucketCounts, double sum, String... labelPairs);
    }

    /**
     * A family of series the plugin reads from its own state at every scrape: for counts it keeps
     * itself (per event loop, with no shared write on the request path) and for label values
     * known only then (the models a reload put in). The plugin's name is added as tag
     * {@code plugin}.
     *
     * @param upperBounds for {@link FamilyType#HISTOGRAM}: the buckets' inclusive upper bounds,
     *                    increasing ({@code +Inf} is added); ignored otherwise
     * @param reader      called on the admin server's thread at each scrape; may allocate
     */
    void family(String name, String description, FamilyType type, double[] upperBounds, Consumer<Series> reader);

    /** Metrics that go nowhere, for tests and tools. */
    PluginMetrics NONE = new PluginMetrics() {
        private final Counter nothing = new Counter() {
            @Override
            public void increment() {
            }

            @Override
            public void add(long amount) {
            }
        };

        @Override
        public Counter counter(String name, String description, String... tagPairs) {
            return nothing;
        }

        @Override
        public void gauge(String name, String description, DoubleSupplier value, String... tagPairs) {
        }

        @Override
        public void family(String name, String description, FamilyType type, double[] upperBounds, Consumer<Series> reader) {
        }
    };
}

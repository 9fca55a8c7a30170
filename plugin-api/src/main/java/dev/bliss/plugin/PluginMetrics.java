package dev.bliss.plugin;

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
    };
}

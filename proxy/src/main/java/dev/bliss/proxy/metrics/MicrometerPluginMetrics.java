package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/** {@link PluginMetrics} of one plugin, registered in the proxy's Micrometer registry. */
public final class MicrometerPluginMetrics implements PluginMetrics {

    private final PrometheusMeterRegistry registry;
    private final String plugin;

    public MicrometerPluginMetrics(PrometheusMeterRegistry registry, String plugin) {
        this.registry = registry;
        this.plugin = plugin;
    }

    @Override
    public PluginMetrics.Counter counter(String name, String description, String... tagPairs) {
        io.micrometer.core.instrument.Counter c = io.micrometer.core.instrument.Counter.builder("bliss_plugin_" + name).description(description)
                .tags(tagPairs).tag("plugin", plugin).register(registry);
        return new PluginMetrics.Counter() {
            @Override
            public void increment() {
                c.increment();
            }

            @Override
            public void add(long amount) {
                c.increment(amount);
            }
        };
    }

    @Override
    public void gauge(String name, String description, DoubleSupplier value, String... tagPairs) {
        Gauge.builder("bliss_plugin_" + name, value::getAsDouble).description(description)
                .tags(tagPairs).tag("plugin", plugin).register(registry);
    }

    /** Registered with the Prometheus client directly: Micrometer has no scrape-time families. */
    @Override
    public void family(String name, String description, FamilyType type, double[] upperBounds, Consumer<Series> reader) {
        registry.getPrometheusRegistry().register(
                new FamilyCollector("bliss_plugin_" + name, description, type, upperBounds, reader, "plugin", plugin));
    }
}

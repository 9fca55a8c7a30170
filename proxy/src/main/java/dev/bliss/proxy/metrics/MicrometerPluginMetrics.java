package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.DoubleSupplier;

/** {@link PluginMetrics} of one plugin, registered in the proxy's Micrometer registry. */
public final class MicrometerPluginMetrics implements PluginMetrics {

    private final MeterRegistry registry;
    private final String plugin;

    public MicrometerPluginMetrics(MeterRegistry registry, String plugin) {
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
}

package dev.bliss.bot.events;

import dev.bliss.plugin.PluginMetrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;

/** PluginMetrics that remember counter values by {@code name{tag=value,…}}, for assertions. */
public final class CountingMetrics implements PluginMetrics {

    final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
    final Map<String, DoubleSupplier> gauges = new ConcurrentHashMap<>();
    final Map<String, java.util.function.Consumer<Series>> families = new ConcurrentHashMap<>();

    @Override
    public Counter counter(String name, String description, String... tagPairs) {
        AtomicLong value = counters.computeIfAbsent(key(name, tagPairs), k -> new AtomicLong());
        return new Counter() {
            @Override
            public void increment() {
                value.incrementAndGet();
            }

            @Override
            public void add(long amount) {
                value.addAndGet(amount);
            }
        };
    }

    @Override
    public void gauge(String name, String description, DoubleSupplier value, String... tagPairs) {
        gauges.put(key(name, tagPairs), value);
    }

    @Override
    public void family(String name, String description, FamilyType type, double[] upperBounds,
                       java.util.function.Consumer<Series> reader) {
        families.put(name, reader);
    }

    public long count(String name, String... tagPairs) {
        AtomicLong v = counters.get(key(name, tagPairs));
        return v == null ? 0 : v.get();
    }

    private static String key(String name, String... tagPairs) {
        StringBuilder b = new StringBuilder(name).append('{');
        for (int i = 0; i < tagPairs.length; i += 2) {
            b.append(tagPairs[i]).append('=').append(tagPairs[i + 1]).append(i + 2 < tagPairs.length ? "," : "");
        }
        return b.append('}').toString();
    }
}

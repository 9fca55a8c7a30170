package dev.bliss.proxy.metrics;

import dev.bliss.plugin.PluginMetrics;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * One metric family read at scrape time ({@link PluginMetrics#family}, and the proxy's own score
 * histogram), registered with the Prometheus client under Micrometer: the reader reports its
 * series, this turns them into a snapshot. Runs on the scraping thread; allocates.
 */
final class FamilyCollector implements Collector {

    private final String name;
    private final String help;
    private final PluginMetrics.FamilyType type;
    private final double[] upperBounds;
    private final Consumer<PluginMetrics.Series> reader;
    private final String[] fixedLabels;

    /**
     * @param name        the exposed name, without {@code _total} for counters (the client adds it)
     * @param fixedLabels label pairs added to every series (the plugin's name)
     */
    FamilyCollector(String name, String help, PluginMetrics.FamilyType type, double[] upperBounds,
                    Consumer<PluginMetrics.Series> reader, String... fixedLabels) {
        this.name = name;
        this.help = help;
        this.type = type;
        this.fixedLabels = fixedLabels.clone();
        this.reader = reader;
        if (type == PluginMetrics.FamilyType.HISTOGRAM) {
            double[] bounds = Arrays.copyOf(upperBounds, upperBounds.length + 1);
            bounds[upperBounds.length] = Double.POSITIVE_INFINITY;
            for (int i = 1; i < bounds.length; i++) {
                if (!(bounds[i] > bounds[i - 1])) {
                    throw new IllegalArgumentException(name + ": histogram bounds must increase: " + Arrays.toString(upperBounds));
                }
            }
            this.upperBounds = bounds;
        } else {
            this.upperBounds = null;
        }
    }

    @Override
    public String getPrometheusName() {
        return name;
    }

    @Override
    public MetricSnapshot collect() {
        List<Object> points = new ArrayList<>();
        reader.accept(new PluginMetrics.Series() {
            @Override
            public void value(double value, String... labelPairs) {
                Labels labels = labels(labelPairs);
                points.add(type == PluginMetrics.FamilyType.COUNTER
                        ? CounterSnapshot.CounterDataPointSnapshot.builder().value(value).labels(labels).build()
                        : GaugeSnapshot.GaugeDataPointSnapshot.builder().value(value).labels(labels).build());
            }

            @Override
            public void histogram(long[] bucketCounts, double sum, String... labelPairs) {
                if (bucketCounts.length != upperBounds.length) {
                    throw new IllegalArgumentException(name + ": " + bucketCounts.length + " bucket counts for "
                            + upperBounds.length + " buckets (the bounds and +Inf)");
                }
                points.add(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(upperBounds, bucketCounts))
                        .sum(sum).labels(labels(labelPairs)).build());
            }
        });
        return switch (type) {
            case COUNTER -> {
                CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
                points.forEach(p -> b.dataPoint((CounterSnapshot.CounterDataPointSnapshot) p));
                yield b.build();
            }
            case GAUGE -> {
                GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
                points.forEach(p -> b.dataPoint((GaugeSnapshot.GaugeDataPointSnapshot) p));
                yield b.build();
            }
            case HISTOGRAM -> {
                HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(name).help(help);
                points.forEach(p -> b.dataPoint((HistogramSnapshot.HistogramDataPointSnapshot) p));
                yield b.build();
            }
        };
    }

    private Labels labels(String[] pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException(name + ": label pairs must come in twos: " + Arrays.toString(pairs));
        }
        String[] all = Arrays.copyOf(fixedLabels, fixedLabels.length + pairs.length);
        System.arraycopy(pairs, 0, all, fixedLabels.length, pairs.length);
        return Labels.of(all);
    }
}

package dev.bliss.proxy.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

/**
 * Micrometer's JVM and process binders: memory pools and buffers, GC pauses, threads, classes,
 * CPU, file descriptors, uptime ({@code jvm_*}, {@code process_*}, {@code system_*}). The GC
 * binder listens to GC notifications until closed.
 *
 * <p>Two of Micrometer's names break Prometheus's conventions and fail {@code promtool check
 * metrics}: {@code process.cpu.time} counts nanoseconds (not base units; {@code process_cpu_usage}
 * says the same), so it is dropped, and {@code system.cpu.count} would look like a summary's
 * {@code _count}, so it is exposed as {@code system_cpus}.
 */
final class JvmBinders implements AutoCloseable {

    private final JvmGcMetrics gc = new JvmGcMetrics();

    JvmBinders(MeterRegistry registry) {
        registry.config().meterFilter(MeterFilter.denyNameStartsWith("process.cpu.time"));
        registry.config().meterFilter(new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                return id.getName().equals("system.cpu.count") ? id.withName("system.cpus") : id;
            }
        });
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    @Override
    public void close() {
        gc.close();
    }
}

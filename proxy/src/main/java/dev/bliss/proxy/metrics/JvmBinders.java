package dev.bliss.proxy.metrics;

import io.micrometer.core.instrument.MeterRegistry;
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
 */
final class JvmBinders implements AutoCloseable {

    private final JvmGcMetrics gc = new JvmGcMetrics();

    JvmBinders(MeterRegistry registry) {
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

package dev.bliss.bench.store;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time per operation of one benchmark thread, read from the thread's CPU clock once per
 * iteration. Unlike JMH's wall-clock score it does not count time the thread spent descheduled,
 * which dominates on a shared 2-core machine; it still counts every stall on memory. Printed at
 * the end of the trial, one line per thread:
 * {@code cpu-per-op <benchmark> <params> best=.. median=.. ns}.
 */
final class CpuTimePerOp {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    long ops;
    private long startNanos;
    private final List<Double> perIteration = new ArrayList<>();

    void startIteration() {
        ops = 0;
        startNanos = THREADS.getCurrentThreadCpuTime();
    }

    void endIteration() {
        long cpu = THREADS.getCurrentThreadCpuTime() - startNanos;
        if (ops > 0) {
            perIteration.add(cpu / (double) ops);
        }
    }

    /** Prints the measured iterations (the last {@code measured} ones; earlier ones are warm-up). */
    void print(String benchmark, String params, int measured) {
        List<Double> values = new ArrayList<>(perIteration.subList(Math.max(0, perIteration.size() - measured),
                perIteration.size()));
        if (values.isEmpty()) {
            return;
        }
        values.sort(null);
        String name = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        System.out.printf("%ncpu-per-op %s %s thread=%s best=%.1f median=%.1f ns%n", name, params,
                Thread.currentThread().getName(), values.getFirst(), values.get(values.size() / 2));
    }
}
